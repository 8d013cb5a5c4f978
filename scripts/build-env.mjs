/**
 * The environment a build started by scripts/launch.mjs runs in: the caller's, without NODE_ENV.
 * `npm start` in a clone runs with NODE_ENV=development (or a test sets it); Vite and React take a
 * NODE_ENV=development at build time as "make a development bundle" (react-dom's development
 * build, jsx-dev-runtime: a first load of / 60 kB larger). Without it, `vite build` makes the
 * production bundle that `npm run build` makes.
 */
export function buildEnv(env) {
  const { NODE_ENV: _ignored, ...rest } = env;
  return rest;
}
