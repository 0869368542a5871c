export * from './decide.js';
export * from './policy.js';
export * from './search.js';
export * from './seat-view.js';
export * from './chance.js';
export * from './greedy.js';
export * from './analysis.js';
