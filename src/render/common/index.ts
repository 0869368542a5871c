export * from './colour.js';
export * from './fonts.js';
export * from './palette.js';
export * from './png.js';
export * from './shapes.js';
export * from './layers.js';
export * from './phone.js';
export * from './fit-lines.js';
