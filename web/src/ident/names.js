// ident/names.js: the identification's names the page's section shows before
// any recording is read, apart from the readers (recording.js imports the
// parquet library, identify.js the tracks), so the page's first load
// carries neither.

/** LeRobot's unit modes of the body joints (lerobot motors_bus.py MotorNormMode). */
export const BODY_UNITS = ['DEGREES', 'RANGE_M100_100'];

/** The native keys the result table shows, in its order. */
export const SHOWN_KEYS = ['kp', 'frictionloss', 'damping', 'armature', 'forcerange_hi'];
