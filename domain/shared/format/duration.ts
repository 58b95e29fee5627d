import { roundToOneDecimal } from "./round.ts";

export const INVALID_TIME = "Invalid time";

const unit = (amount: number, singular: string): string =>
  `${amount} ${amount === 1 ? singular : `${singular}s`}`;

/**
 * Time spent reads as hours, minutes and seconds, seconds to one decimal ('1 minute 5 seconds',
 * '1 hour 2 minutes', '4.5 seconds'); zero reads '0 seconds'; a negative or missing duration is
 * 'Invalid time'. Hours appear from 3600 seconds on; there is no day unit because no session lasts that long.
 */
export const formatDuration = (seconds: number | null | undefined): string => {
  if (typeof seconds !== "number" || !Number.isFinite(seconds) || seconds < 0) return INVALID_TIME;
  // Whole tenths keep the carry exact: 59.96 seconds is '1 minute', never '60 seconds'. The tenth
  // is the one every statistic shows (1.15 seconds reads 1.2, like a score of 1.15).
  const tenths = Math.round(roundToOneDecimal(seconds) * 10);
  if (tenths === 0) return "0 seconds";
  const hours = Math.floor(tenths / 36_000);
  const minutes = Math.floor((tenths % 36_000) / 600);
  const secondTenths = tenths % 600;
  const parts = [
    hours > 0 ? unit(hours, "hour") : "",
    minutes > 0 ? unit(minutes, "minute") : "",
    secondTenths > 0 ? unit(secondTenths / 10, "second") : "",
  ];
  return parts.filter((part) => part !== "").join(" ");
};
