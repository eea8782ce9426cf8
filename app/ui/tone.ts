/** The colours a status or a sentiment can take; each is a theme token (app.css), AA in light and dark. */
export type Tone = "neutral" | "success" | "warning" | "danger" | "positive" | "negative";

export const TONE_TEXT: Record<Tone, string> = {
  neutral: "text-muted-foreground",
  success: "text-success",
  warning: "text-warning",
  danger: "text-danger",
  positive: "text-positive",
  negative: "text-negative",
};

/** Text on a 10% tint of its own colour. */
export const TONE_SOFT: Record<Tone, string> = {
  neutral: "bg-muted text-muted-foreground",
  success: "bg-success/10 text-success",
  warning: "bg-warning/10 text-warning",
  danger: "bg-danger/10 text-danger",
  positive: "bg-positive/10 text-positive",
  negative: "bg-negative/10 text-negative",
};
