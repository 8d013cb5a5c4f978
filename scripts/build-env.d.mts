/** Types of build-env.mjs (plain JavaScript, because launch.mjs runs where tsx may be absent). */
export declare function buildEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
