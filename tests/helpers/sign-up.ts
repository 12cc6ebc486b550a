/** The first sign-up step's fields, as the API takes them. */
export const firstStepJson = (email: string) => ({
  email,
  firstName: "Maria",
  lastName: "Lopez",
  phoneNumber: "(415) 555-0134",
});

/** The fields the sign-up API requires, for a new owner of "Lopez Plumbing" in the US. */
export const signUpJson = (email: string, password = "correct horse") => ({
  ...firstStepJson(email),
  password,
  businessName: "Lopez Plumbing",
  industry: 18,
  companySize: 1,
  country: "US",
});
