/** Company contact data shown in the footer and on the not-found page (both load after the first screen). */
export const COMPANY_PHONE = '(212) 555-0100';
export const COMPANY_PHONE_HREF = 'tel:+12125550100';
export const CUSTOMER_CARE_EMAIL = 'customercare@parkfair.example';
