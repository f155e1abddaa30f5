// fit/text.js: how the Fit view writes its numbers (web/src/format.js) and
// reads a typed one.
import { fmtNumber } from '../../format.js';

export const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
export const fmtMae = (v) => (v === null || v === undefined || Number.isNaN(v) ? '—' : !Number.isFinite(v) ? '∞' : v.toFixed(5));
export const fmtNum = (v) => fmtNumber(v, { round: true, roundTest: false, expDigits: null });
export const fmtTime = (s) => (s < 60 ? `${s.toFixed(1)} s` : `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`);
