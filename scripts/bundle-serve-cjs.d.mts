// Types of bundle-serve-cjs.mjs for electron.vite.config.ts.
export function bundleServeCjs(root: string): Promise<void>;
