/** A complete A2P draft profile as a person fills it in (the form's and the API's values). */
export const PROFILE = {
  businessName: "Blue Ridge Lawn Care LLC",
  registrationNumber: "12-3456789",
  businessType: "Limited Liability Corporation",
  industry: "PROFESSIONAL_SERVICES",
  website: "blueridgelawn.example.com",
  street: "1 Market St",
  city: "San Francisco",
  region: "CA",
  zip: "94105",
  country: "US",
  contactName: "Ada Admin",
  contactEmail: "ada@blueridgelawn.example.com",
  contactPhone: "(415) 555-0123",
  useCaseDescription: "Appointment confirmations, on-my-way texts and replies to customer questions about visits.",
  sampleMessage1: "Hi Sam, your lawn service is booked for Tuesday at 9 am. Reply STOP to opt out.",
  sampleMessage2: "Your technician Ada is on the way and arrives in about 20 minutes.",
};
