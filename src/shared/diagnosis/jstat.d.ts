// The one function of jstat (no bundled types) that the diagnosis uses.
declare module 'jstat' {
  export const jStat: {
    chisquare: { cdf(x: number, degreesOfFreedom: number): number };
  };
}
