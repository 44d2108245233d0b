"use client";

import { signIn } from "next-auth/react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";

const MESSAGES: Record<string, string> = {
  CredentialsSignin: "That e-mail and password do not match an account.",
  TooManyAttempts: "Too many sign-in attempts. Wait 15 minutes, then try again.",
  SignInUnavailable: "Signing in is unavailable right now. Try again in a minute.",
};

export function signInMessage(code: string): string {
  return MESSAGES[code] ?? "Signing in failed. Try again.";
}

/** E-mail and password, checked by next-auth's credentials provider; errors are announced. */
export function SignInForm({ callbackUrl, initialError }: { callbackUrl: string; initialError?: string }) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(initialError ? signInMessage(initialError) : null);
  const [missing, setMissing] = useState<{ email?: string; password?: string }>({});
  const [pending, setPending] = useState(false);
  const alertRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (error) alertRef.current?.focus();
  }, [error]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const empty = {
      email: email.trim() ? undefined : "Enter your e-mail address.",
      password: password ? undefined : "Enter your password.",
    };
    setMissing(empty);
    if (empty.email || empty.password) return;
    setPending(true);
    setError(null);
    const result = await signIn("credentials", { redirect: false, email: email.trim(), password }).catch(
      () => null,
    );
    if (result?.ok && !result.error) {
      window.location.assign(callbackUrl);
      return;
    }
    setPending(false);
    setPassword("");
    setError(signInMessage(result?.error ?? "SignInUnavailable"));
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {error ? (
        <div
          ref={alertRef}
          tabIndex={-1}
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          {error}
        </div>
      ) : null}
      <Input
        label="E-mail"
        type="email"
        name="email"
        autoComplete="username"
        autoFocus
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={missing.email}
      />
      <Input
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={missing.password}
      />
      <Button type="submit" className="w-full" loading={pending}>
        {pending ? "Signing in…" : "Sign in"}
      </Button>
    </form>
  );
}
