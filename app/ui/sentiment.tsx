import { Frown, type IconComponent, Meh, Smile } from "~/ui/icons";
import { Badge } from "./badge";
import { TONE_TEXT, type Tone } from "./tone";

export type Sentiment = "positive" | "neutral" | "negative";

/**
 * The one sentiment palette: blue for positive, orange for negative, grey for neutral (tokens
 * --positive, --negative, --neutral in app.css; SVG can use them as `var(--positive)`), and an icon each.
 */
const PALETTE: Record<Sentiment, { tone: Tone; icon: IconComponent }> = {
  positive: { tone: "positive", icon: Smile },
  neutral: { tone: "neutral", icon: Meh },
  negative: { tone: "negative", icon: Frown },
};

const paletteOf = (sentiment: string) =>
  PALETTE[Object.hasOwn(PALETTE, sentiment) ? (sentiment as Sentiment) : "neutral"];

/** Text colour class and icon of a sentiment (unknown values are neutral), e.g. for a chart legend. */
export function sentimentStyle(sentiment: string): { className: string; icon: IconComponent } {
  const { tone, icon } = paletteOf(sentiment);
  return { className: TONE_TEXT[tone], icon };
}

/** A sentiment as a badge: colour, icon and its (translated) name. */
export function SentimentBadge({ sentiment, label }: { sentiment: string; label: string }) {
  const { tone, icon } = paletteOf(sentiment);
  return (
    <Badge tone={tone} icon={icon}>
      {label}
    </Badge>
  );
}
