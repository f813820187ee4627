/**
 * The advance deposit's bonus (type ADELANTO), the one rule the API (the payment row), the ledger (the
 * balance credited) and the web (the amount shown before paying) share. Integer cents only: the bonus
 * is rounded DOWN to the cent (floor), never up, so the utility never credits a fraction it was not
 * paid for: 5 % of $100.01 (10 001 cents) is 500 cents, not 501.
 */

/** The bonus, in cents, that `bonusPercent` % of `amountCents` earns (floor; a negative percent earns 0). */
export function advanceBonusCents(amountCents: number, bonusPercent: number): number {
  if (!Number.isSafeInteger(amountCents))
    throw new RangeError(`Money must be an integer number of cents: ${amountCents}`);
  if (!Number.isInteger(bonusPercent))
    throw new RangeError(`The bonus percent must be whole: ${bonusPercent}`);
  if (amountCents <= 0 || bonusPercent <= 0) return 0;
  // Exact in integers (BigInt division truncates, which is floor for positive values), at any size.
  return Number((BigInt(amountCents) * BigInt(bonusPercent)) / 100n);
}

/** What the advance balance gains: the amount paid plus its bonus, in cents. */
export function advanceCreditedCents(amountCents: number, bonusPercent: number): number {
  return amountCents + advanceBonusCents(amountCents, bonusPercent);
}
