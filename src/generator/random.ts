// The generator's seeded random numbers live in the shared layer, where the blind-baseline sampler uses them too.
export { Rng } from '../shared/random/sfc32';
