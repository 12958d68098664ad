import { type ClassValue, clsx } from "clsx";

/** Joins conditional class names. Callers pass non-conflicting utilities. */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
