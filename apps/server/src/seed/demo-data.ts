/** What demo mode loads: seed 1, and domains for acme, globex and icannsla. */
export const demoSeed = 1;
export const demoQuotas = [2_500, 1_200, 60] as const;
