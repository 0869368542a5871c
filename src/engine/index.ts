export * from './chain.js';
export * from './definition.js';
export * from './errors.js';
export * from './message.js';
export * from './replay.js';
export * from './rng.js';
export * from './step.js';
