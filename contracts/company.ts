/**
 * The provider's offices (storefront spec §1: "offices in Canada and India"; §2 Contact: a
 * Canadian main office and an Indian branch): shown on /contact and printed as the seller on
 * every invoice. Pure data, shared with the PWA.
 */
export interface Office {
  title: string;
  company: string;
  address: readonly string[];
  phone: { label: string; href: string };
  email: { label: string; address: string };
  hours: string;
}

export const OFFICES: readonly [Office, Office] = [
  {
    title: 'Main Office — Canada',
    company: 'LifeScience Academy Inc.',
    address: ['2 Robert Speck Parkway, Suite 750', 'Mississauga, ON L4Z 1H8', 'Canada'],
    phone: { label: '+1 (416) 555-0142', href: 'tel:+14165550142' },
    email: { label: 'General enquiries', address: 'info@lifescience-academy.example' },
    hours: 'Monday to Friday, 9:00 a.m. – 5:00 p.m. Eastern Time',
  },
  {
    title: 'Branch Office — India',
    company: 'LifeScience Academy India Pvt. Ltd.',
    address: ['Plot 12, Cyber Towers Road, HITEC City', 'Hyderabad, Telangana 500081', 'India'],
    phone: { label: '+91 40 5555 0178', href: 'tel:+914055550178' },
    email: { label: 'Customer support', address: 'support@lifescience-academy.example' },
    hours: 'Monday to Saturday, 9:30 a.m. – 6:30 p.m. India Standard Time',
  },
];
