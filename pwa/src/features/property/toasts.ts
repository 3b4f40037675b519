/** The toast of a public summary's 'View Full Details' for a signed-in person who does not own the property (consumer spec §2). */
export const RATE_THIS_PROPERTY_TOAST = { title: 'Rate This Property', description: 'Create an assessment to see full details' } as const;
