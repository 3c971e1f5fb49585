/** The chains' query keys, apart from the queries so the web server's page data can use them without React. */
export const chainKeys = {
  all: ['chains'] as const,
  one: (chainId: string) => ['chain', chainId] as const,
};
