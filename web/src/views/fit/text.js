// fit/text.js: how the Fit view writes its numbers (web/src/format.js) and
// reads a typed one.
import { fmtNumber, localNumber } from '../../format.js';

export const fmtMae = (v) => (v === null || v === undefined || Number.isNaN(v) ? '—' : !Number.isFinite(v) ? '∞' : localNumber(v.toFixed(5)));
export const fmtNum = (v) => fmtNumber(v, { round: true, roundTest: false, expDigits: null });
export const fmtTime = (s) => (s < 60 ? `${localNumber(s.toFixed(1))} s` : `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`);
