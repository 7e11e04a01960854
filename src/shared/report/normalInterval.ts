/** z of a two-sided 95% interval under a normal approximation: the 0.975 quantile of the standard normal. */
export const Z95 = 1.959963984540054;
