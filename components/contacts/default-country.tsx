"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useMemo, useState } from "react";
import { countryName, countryOptions } from "@/components/contacts/country-name";
import { callDashboard } from "@/components/lib/dashboard-client";
import { errorMessage } from "@/components/lib/fetch-json";
import { Select } from "@/components/ui/select";
import { useToast } from "@/components/ui/toast";
import { ORGANIZATION_DASHBOARD } from "@/lib/organizations/dashboard-endpoints";
import type { OrgSettingsChange } from "@/lib/organizations/org-settings-schema";

/**
 * How a number typed without +country code is read (search and the contact form). Owners and
 * admins change it here; agents see it. The page re-renders on the server with the new value.
 */
export function DefaultCountry({ country, canChange }: { country: string; canChange: boolean }) {
  const router = useRouter();
  const toast = useToast();
  // the full list only in the browser: Node's and the browser's ICU name some countries
  // differently, and a server-rendered list would then fail hydration
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const options = useMemo(
    () =>
      mounted
        ? countryOptions().map((c) => ({ value: c.code, label: c.name }))
        : [{ value: country, label: country }],
    [mounted, country],
  );
  const save = useMutation({
    mutationFn: (body: OrgSettingsChange) => callDashboard(ORGANIZATION_DASHBOARD.updateSettings, { body }),
    onSuccess: ({ settings }) => {
      toast.show(`Numbers without a country code are now read as ${countryName(settings.default_country)}.`);
      router.refresh();
    },
    onError: (error) => toast.show(errorMessage(error), "error"),
  });
  if (!canChange) {
    return (
      <p className="text-sm text-slate-600">
        Numbers without a country code are read as {countryName(country)}.
      </p>
    );
  }
  return (
    <div className="max-w-xs">
      <Select
        label="Default country for phone numbers"
        hint="How a number typed without + and a country code is read."
        options={options}
        value={country}
        disabled={save.isPending}
        onChange={(e) => save.mutate({ default_country: e.target.value })}
      />
    </div>
  );
}
