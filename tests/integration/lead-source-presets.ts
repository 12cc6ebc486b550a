/** The lead sources every new company starts with, in alphabetical order. */
export const PRESET_LEAD_SOURCES = "Angieslist Craigslist Facebook Google Linkedin Other Referral Yelp".split(" ");
