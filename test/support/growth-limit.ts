/**
 * The most a linear reader's time may grow over four times its input. Linear work grows
 * four times and quadratic work sixteen; eight is as far from each in ratio, so the noise of
 * a shared machine (a ratio of 5.2 was seen for linear work) passes and quadratic work never
 * does.
 */
export const GROWTH_LIMIT = 8;
