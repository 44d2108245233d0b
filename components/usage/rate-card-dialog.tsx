"use client";

import { useEffect, useState } from "react";
import { errorMessage, fieldErrors } from "@/components/lib/fetch-json";
import { CATEGORY_ORDER, categoryLabel } from "@/components/lib/pricing-category-style";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { DialogForm } from "@/components/ui/dialog-form";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { useSaveRateCard } from "@/components/usage/use-usage";
import type { RateCardJson } from "@/lib/usage/usage-schemas";

type Row = { key: number; category: string; country: string; price: string };
let nextKey = 1;
const newRow = (r: Omit<Row, "key"> = { category: "marketing", country: "*", price: "" }): Row => ({
  ...r,
  key: nextKey++,
});
const CATEGORY_OPTIONS = CATEGORY_ORDER.map((c) => ({ value: c, label: categoryLabel(c) }));

/**
 * The owner's rate card: a price per message for each pricing category and recipient country
 * (`*`: every other country). Meta's rates change and differ by contract, so they are the
 * owner's own entries; the Usage page multiplies billable messages by them.
 */
export function RateCardDialog({
  open,
  card,
  onClose,
  readOnly = false,
}: {
  open: boolean;
  card: RateCardJson | undefined;
  onClose: () => void;
  /** admins see the owner's prices without changing them */
  readOnly?: boolean;
}) {
  const save = useSaveRateCard();
  const [currency, setCurrency] = useState("USD");
  const [rows, setRows] = useState<Row[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset each time the dialog opens
  useEffect(() => {
    if (!open) return;
    setCurrency(card?.currency ?? "USD");
    setRows(card && card.rates.length > 0 ? card.rates.map((r) => newRow(r)) : [newRow()]);
    save.reset();
  }, [open]);
  const errors = save.isError ? fieldErrors(save.error) : {};
  const set = (i: number, patch: Partial<Row>) =>
    setRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));

  return (
    <Dialog
      open={open}
      onClose={() => (save.isPending ? undefined : onClose())}
      size="lg"
      title="Rate card"
      description="What WhatsApp charges you per billable message, by pricing category and recipient country. Leave it empty to see counts only."
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          {readOnly ? null : (
            <Button type="submit" form="rate-card-form" loading={save.isPending}>
              Save rate card
            </Button>
          )}
        </>
      }
    >
      {readOnly ? (
        <ReadOnlyCard card={card} />
      ) : (
        <DialogForm
          id="rate-card-form"
          failure={save.isError && Object.keys(errors).length === 0 ? errorMessage(save.error) : null}
          onSubmit={() =>
            save.mutate(
              { currency, rates: rows.filter((r) => r.price.trim() !== "") },
              { onSuccess: onClose },
            )
          }
        >
          <div className="w-32">
            <Input
              label="Currency"
              value={currency}
              maxLength={3}
              error={errors.currency}
              onChange={(e) => setCurrency(e.target.value.toUpperCase())}
            />
          </div>
          <ul className="space-y-3" aria-label="Prices">
            {rows.map((r, i) => (
              <li key={r.key} className="grid grid-cols-1 items-end gap-2 sm:grid-cols-[1fr_6rem_8rem_auto]">
                <Select
                  label={`Category of price ${i + 1}`}
                  value={r.category}
                  options={CATEGORY_OPTIONS}
                  onChange={(e) => set(i, { category: e.target.value })}
                />
                <Input
                  label="Country"
                  value={r.country}
                  maxLength={2}
                  hint="* for any"
                  error={errors[`rates.${i}.country`]}
                  onChange={(e) => set(i, { country: e.target.value.toUpperCase() })}
                />
                <Input
                  label="Price"
                  inputMode="decimal"
                  value={r.price}
                  placeholder="0.0625"
                  error={errors[`rates.${i}.price`]}
                  onChange={(e) => set(i, { price: e.target.value })}
                />
                <Button
                  variant="ghostDanger"
                  size="sm"
                  onClick={() => setRows(rows.filter((_, j) => j !== i))}
                >
                  Remove<span className="sr-only"> price {i + 1}</span>
                </Button>
              </li>
            ))}
          </ul>
          {errors.rates ? <p className="text-sm text-red-700">{errors.rates}</p> : null}
          <Button variant="secondary" size="sm" onClick={() => setRows([...rows, newRow()])}>
            Add a price
          </Button>
        </DialogForm>
      )}
    </Dialog>
  );
}

function ReadOnlyCard({ card }: { card: RateCardJson | undefined }) {
  if (!card || card.rates.length === 0)
    return <p className="text-sm text-slate-600">No rate card yet: the owner adds it.</p>;
  return (
    <ul className="space-y-1 text-sm" aria-label="Prices">
      {card.rates.map((r) => (
        <li key={`${r.category}/${r.country}`}>
          {categoryLabel(r.category)}, {r.country === "*" ? "any other country" : r.country}: {r.price}{" "}
          {card.currency}
        </li>
      ))}
    </ul>
  );
}
