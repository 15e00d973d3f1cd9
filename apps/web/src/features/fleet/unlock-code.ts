/** Spec §9: a generated code is a random number from 100000 to 999999 (always 6 digits). */
export function randomUnlockCode(random: () => number = Math.random): string {
  return String(100_000 + Math.floor(random() * 900_000));
}
