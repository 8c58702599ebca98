/** Where the code runs: a function deployed, the Functions emulator, or a script or test beside them. */

/** Cloud Functions (and its emulator) name the running function; scripts and tests do not. */
export const runsAsFunction = () => Boolean(process.env.K_SERVICE || process.env.FUNCTION_TARGET);

/** A function that is not the Functions emulator's: deployed (the emulator sets FUNCTIONS_EMULATOR). */
export const runsDeployed = () => runsAsFunction() && process.env.FUNCTIONS_EMULATOR !== 'true';
