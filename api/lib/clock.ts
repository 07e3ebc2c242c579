/** The current time; services take it through their options so tests can move it. */
export type Clock = () => Date;
