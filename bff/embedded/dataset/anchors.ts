/**
 * Real, well-known operating companies ("anchors"): the partners, customers and acquirers that the
 * generated companies name. Name, domain, HQ country, founding year, listing and parent are real (as
 * of 2025); headcount and revenue are rounded orders of magnitude; every other fact is generated.
 * `industry` is the taxonomy industry code (taxonomy.ts).
 */
import type { OWNERSHIP_CATEGORIES } from '../../contract/enums';

export type OwnershipCode = (typeof OWNERSHIP_CATEGORIES)[number]['code'];

export type AnchorSpec = {
  name: string;
  domain: string;
  country: string;
  industry: string;
  founded: number;
  employees: number;
  /** Annual revenue, USD billions (rounded). */
  revenueB: number;
  /** Year of listing, for a listed company. */
  listed?: number;
  /** Ownership when not implied (listed -> public, otherwise venture backed). */
  ownership?: OwnershipCode;
  /** Parent company (an anchor or an investor firm, by name). */
  parent?: string;
  /** Year the parent acquired it (absent for a subsidiary the parent created). */
  acquired?: number;
  ceo?: string;
  /** When the home page is not https://www.<domain>. */
  website?: string;
};

type Extra = Omit<
  AnchorSpec,
  'name' | 'domain' | 'country' | 'industry' | 'founded' | 'employees' | 'revenueB'
>;

function co(
  name: string,
  domain: string,
  country: string,
  industry: string,
  founded: number,
  employees: number,
  revenueB: number,
  extra: Extra = {},
): AnchorSpec {
  return { name, domain, country, industry, founded, employees, revenueB, ...extra };
}

/** Listed long ago: the exact year does not matter to the data (only listings in the last 10 years do). */
const OLD = 1990;

export const ANCHORS: readonly AnchorSpec[] = [
  // Software and internet (US)
  co('Microsoft', 'microsoft.com', 'USA', 'IND-1008', 1975, 228000, 245, {
    listed: 1986,
    ceo: 'Satya Nadella',
  }),
  co('Apple', 'apple.com', 'USA', 'IND-1308', 1976, 164000, 391, { listed: 1980, ceo: 'Tim Cook' }),
  co('Alphabet', 'abc.xyz', 'USA', 'IND-7401', 2015, 183000, 350, {
    listed: 2004,
    ceo: 'Sundar Pichai',
    website: 'https://abc.xyz',
  }),
  co('Google', 'google.com', 'USA', 'IND-7401', 1998, 170000, 330, {
    parent: 'Alphabet',
    ownership: 'corporate_owned',
    ceo: 'Sundar Pichai',
  }),
  co('Amazon', 'amazon.com', 'USA', 'IND-7102', 1994, 1550000, 638, { listed: 1997, ceo: 'Andy Jassy' }),
  co('Meta Platforms', 'meta.com', 'USA', 'IND-7312', 2004, 74000, 165, {
    listed: 2012,
    ceo: 'Mark Zuckerberg',
  }),
  co('NVIDIA', 'nvidia.com', 'USA', 'IND-1301', 1993, 36000, 130, { listed: 1999, ceo: 'Jensen Huang' }),
  co('Salesforce', 'salesforce.com', 'USA', 'IND-1015', 1999, 76000, 38, {
    listed: 2004,
    ceo: 'Marc Benioff',
  }),
  co('Oracle', 'oracle.com', 'USA', 'IND-1014', 1977, 162000, 57, { listed: 1986 }),
  co('Adobe', 'adobe.com', 'USA', 'IND-1032', 1982, 30000, 22, { listed: 1986, ceo: 'Shantanu Narayen' }),
  co('IBM', 'ibm.com', 'USA', 'IND-1202', 1911, 270000, 63, { listed: OLD, ceo: 'Arvind Krishna' }),
  co('Intel', 'intel.com', 'USA', 'IND-1301', 1968, 108000, 53, { listed: 1971, ceo: 'Lip-Bu Tan' }),
  co('Cisco', 'cisco.com', 'USA', 'IND-1306', 1984, 90000, 54, { listed: 1990, ceo: 'Chuck Robbins' }),
  co('Stripe', 'stripe.com', 'USA', 'IND-2032', 2010, 8500, 5, { ceo: 'Patrick Collison' }),
  co('HubSpot', 'hubspot.com', 'USA', 'IND-1016', 2006, 8200, 2.6, { listed: 2014, ceo: 'Yamini Rangan' }),
  co('Snowflake', 'snowflake.com', 'USA', 'IND-1109', 2012, 7800, 3.6, {
    listed: 2020,
    ceo: 'Sridhar Ramaswamy',
  }),
  co('Workday', 'workday.com', 'USA', 'IND-1023', 2005, 20000, 8.4, { listed: 2012, ceo: 'Carl Eschenbach' }),
  co('ServiceNow', 'servicenow.com', 'USA', 'IND-1043', 2004, 26000, 11, {
    listed: 2012,
    ceo: 'Bill McDermott',
  }),
  co('Zoom', 'zoom.us', 'USA', 'IND-1026', 2011, 7400, 4.7, {
    listed: 2019,
    ceo: 'Eric Yuan',
    website: 'https://zoom.us',
  }),
  co('Slack', 'slack.com', 'USA', 'IND-1026', 2009, 2500, 1.5, { parent: 'Salesforce', acquired: 2021 }),
  co('Tableau', 'tableau.com', 'USA', 'IND-1110', 2003, 4000, 1.2, { parent: 'Salesforce', acquired: 2019 }),
  co('MuleSoft', 'mulesoft.com', 'USA', 'IND-1012', 2006, 1500, 0.6, {
    parent: 'Salesforce',
    acquired: 2018,
  }),
  co('Dropbox', 'dropbox.com', 'USA', 'IND-1026', 2007, 2200, 2.5, { listed: 2018, ceo: 'Drew Houston' }),
  co('Box', 'box.com', 'USA', 'IND-1026', 2005, 2500, 1.1, { listed: 2015, ceo: 'Aaron Levie' }),
  co('Twilio', 'twilio.com', 'USA', 'IND-1029', 2008, 5500, 4.5, {
    listed: 2016,
    ceo: 'Khozema Shipchandler',
  }),
  co('Datadog', 'datadoghq.com', 'USA', 'IND-1010', 2010, 6500, 2.7, { listed: 2019, ceo: 'Olivier Pomel' }),
  co('MongoDB', 'mongodb.com', 'USA', 'IND-1014', 2007, 5000, 2.0, { listed: 2017 }),
  co('Okta', 'okta.com', 'USA', 'IND-1002', 2009, 6000, 2.6, { listed: 2017, ceo: 'Todd McKinnon' }),
  co('CrowdStrike', 'crowdstrike.com', 'USA', 'IND-1001', 2011, 8500, 3.9, {
    listed: 2019,
    ceo: 'George Kurtz',
  }),
  co('Palo Alto Networks', 'paloaltonetworks.com', 'USA', 'IND-1001', 2005, 15000, 8.0, {
    listed: 2012,
    ceo: 'Nikesh Arora',
  }),
  co('Zscaler', 'zscaler.com', 'USA', 'IND-1001', 2007, 7300, 2.2, { listed: 2018, ceo: 'Jay Chaudhry' }),
  co('Cloudflare', 'cloudflare.com', 'USA', 'IND-1008', 2009, 4200, 1.7, {
    listed: 2019,
    ceo: 'Matthew Prince',
  }),
  co('Akamai', 'akamai.com', 'USA', 'IND-1008', 1998, 10000, 4.0, { listed: 1999, ceo: 'Tom Leighton' }),
  co('DigitalOcean', 'digitalocean.com', 'USA', 'IND-1008', 2012, 1200, 0.78, {
    listed: 2021,
    ceo: 'Paddy Srinivasan',
  }),
  co('Databricks', 'databricks.com', 'USA', 'IND-1109', 2013, 8000, 3.0, { ceo: 'Ali Ghodsi' }),
  co('OpenAI', 'openai.com', 'USA', 'IND-1102', 2015, 3000, 4.0, { ceo: 'Sam Altman' }),
  co('Anthropic', 'anthropic.com', 'USA', 'IND-1102', 2021, 1500, 1.0, { ceo: 'Dario Amodei' }),
  co('Scale AI', 'scale.com', 'USA', 'IND-1113', 2016, 900, 0.9),
  co('Hugging Face', 'huggingface.co', 'USA', 'IND-1103', 2016, 300, 0.07, {
    ceo: 'Clément Delangue',
    website: 'https://huggingface.co',
  }),
  co('Figma', 'figma.com', 'USA', 'IND-1032', 2012, 1700, 0.75, { listed: 2025, ceo: 'Dylan Field' }),
  co('Notion', 'notion.so', 'USA', 'IND-1026', 2013, 800, 0.4, { ceo: 'Ivan Zhao' }),
  co('Miro', 'miro.com', 'USA', 'IND-1026', 2011, 1800, 0.5, {
    ceo: 'Andrey Khusid',
    website: 'https://miro.com',
  }),
  co('Airtable', 'airtable.com', 'USA', 'IND-1026', 2012, 700, 0.2),
  co('Asana', 'asana.com', 'USA', 'IND-1026', 2008, 1800, 0.72, { listed: 2020, ceo: 'Dan Rogers' }),
  co('GitLab', 'gitlab.com', 'USA', 'IND-1009', 2011, 2100, 0.76, {
    listed: 2021,
    ceo: 'Bill Staples',
    website: 'https://about.gitlab.com',
  }),
  co('GitHub', 'github.com', 'USA', 'IND-1009', 2008, 3000, 2.0, {
    parent: 'Microsoft',
    acquired: 2018,
    website: 'https://github.com',
  }),
  co('LinkedIn', 'linkedin.com', 'USA', 'IND-7312', 2003, 18000, 16, {
    parent: 'Microsoft',
    acquired: 2016,
    ceo: 'Ryan Roslansky',
  }),
  co('Activision Blizzard', 'activisionblizzard.com', 'USA', 'IND-7302', 1979, 13000, 8.7, {
    parent: 'Microsoft',
    acquired: 2023,
  }),
  co('Red Hat', 'redhat.com', 'USA', 'IND-1008', 1993, 19000, 6.5, {
    parent: 'IBM',
    acquired: 2019,
    ceo: 'Matt Hicks',
  }),
  co('HashiCorp', 'hashicorp.com', 'USA', 'IND-1009', 2012, 2200, 0.6, { parent: 'IBM', acquired: 2025 }),
  co('Broadcom', 'broadcom.com', 'USA', 'IND-1301', 1991, 37000, 51, { listed: 2009, ceo: 'Hock Tan' }),
  co('VMware', 'vmware.com', 'USA', 'IND-1008', 1998, 38000, 13, { parent: 'Broadcom', acquired: 2023 }),
  co('Splunk', 'splunk.com', 'USA', 'IND-1010', 2003, 8000, 4.0, { parent: 'Cisco', acquired: 2024 }),
  co('NetSuite', 'netsuite.com', 'USA', 'IND-1020', 1998, 5000, 1.0, { parent: 'Oracle', acquired: 2016 }),
  co('Intuit', 'intuit.com', 'USA', 'IND-1021', 1983, 18000, 16, { listed: 1993, ceo: 'Sasan Goodarzi' }),
  co('Mailchimp', 'mailchimp.com', 'USA', 'IND-1016', 2001, 1200, 0.8, { parent: 'Intuit', acquired: 2021 }),
  co('Autodesk', 'autodesk.com', 'USA', 'IND-1033', 1982, 14000, 6.1, {
    listed: 1985,
    ceo: 'Andrew Anagnost',
  }),
  co('Palantir', 'palantir.com', 'USA', 'IND-1110', 2003, 4000, 2.9, { listed: 2020, ceo: 'Alex Karp' }),
  co('Elastic', 'elastic.co', 'USA', 'IND-1010', 2012, 3200, 1.4, { listed: 2018, ceo: 'Ash Kulkarni' }),
  co('Confluent', 'confluent.io', 'USA', 'IND-1109', 2014, 3000, 1.0, { listed: 2021, ceo: 'Jay Kreps' }),
  co('UiPath', 'uipath.com', 'USA', 'IND-1035', 2005, 3800, 1.4, { listed: 2021, ceo: 'Daniel Dines' }),
  co('Freshworks', 'freshworks.com', 'USA', 'IND-1018', 2010, 4500, 0.72, {
    listed: 2021,
    ceo: 'Dennis Woodside',
  }),
  co('Zendesk', 'zendesk.com', 'USA', 'IND-1018', 2007, 6000, 2.0, {
    parent: 'Hellman & Friedman',
    acquired: 2022,
  }),
  co('Qualtrics', 'qualtrics.com', 'USA', 'IND-7405', 2002, 5000, 1.7, {
    parent: 'Silver Lake',
    acquired: 2023,
  }),
  co('Proofpoint', 'proofpoint.com', 'USA', 'IND-1001', 2002, 4500, 2.0, {
    parent: 'Thoma Bravo',
    acquired: 2021,
  }),
  co('Genesys', 'genesys.com', 'USA', 'IND-1018', 1990, 6000, 2.5, {
    ownership: 'private_equity_controlled',
    parent: 'Permira',
  }),
  co('Epic Systems', 'epic.com', 'USA', 'IND-3014', 1979, 13000, 5.7, {
    ownership: 'founder_individual_operated_bootstrapped',
    ceo: 'Judy Faulkner',
  }),
  co('Gong', 'gong.io', 'USA', 'IND-1017', 2015, 1300, 0.3, { ceo: 'Amit Bendov' }),
  co('Rippling', 'rippling.com', 'USA', 'IND-1023', 2016, 4000, 0.6, { ceo: 'Parker Conrad' }),
  co('Deel', 'deel.com', 'USA', 'IND-1023', 2019, 4500, 0.8, { ceo: 'Alex Bouaziz' }),
  co('Vercel', 'vercel.com', 'USA', 'IND-1008', 2015, 600, 0.2, { ceo: 'Guillermo Rauch' }),
  co('Zapier', 'zapier.com', 'USA', 'IND-1012', 2011, 800, 0.3, {
    ceo: 'Wade Foster',
    website: 'https://zapier.com',
  }),
  co('Wiz', 'wiz.io', 'USA', 'IND-1004', 2020, 1800, 0.75),
  co('SpaceX', 'spacex.com', 'USA', 'IND-5006', 2002, 13000, 13, { ceo: 'Elon Musk' }),
  // Fintech and finance (US)
  co('PayPal', 'paypal.com', 'USA', 'IND-2032', 1998, 26000, 32, { listed: 2015, ceo: 'Alex Chriss' }),
  co('Block', 'block.xyz', 'USA', 'IND-2032', 2009, 12000, 24, { listed: 2015, ceo: 'Jack Dorsey' }),
  co('Visa', 'visa.com', 'USA', 'IND-2032', 1958, 31000, 36, { listed: 2008, ceo: 'Ryan McInerney' }),
  co('Mastercard', 'mastercard.com', 'USA', 'IND-2032', 1966, 35000, 28, {
    listed: 2006,
    ceo: 'Michael Miebach',
  }),
  co('American Express', 'americanexpress.com', 'USA', 'IND-2001', 1850, 75000, 66, { listed: OLD }),
  co('JPMorgan Chase', 'jpmorganchase.com', 'USA', 'IND-2001', 1799, 317000, 177, {
    listed: OLD,
    ceo: 'Jamie Dimon',
  }),
  co('Goldman Sachs', 'goldmansachs.com', 'USA', 'IND-2001', 1869, 46000, 53, {
    listed: 1999,
    ceo: 'David Solomon',
  }),
  co('Bank of America', 'bankofamerica.com', 'USA', 'IND-2001', 1904, 213000, 100, { listed: OLD }),
  co('BlackRock', 'blackrock.com', 'USA', 'IND-2005', 1988, 21000, 20, { listed: 1999, ceo: 'Larry Fink' }),
  co('Berkshire Hathaway', 'berkshirehathaway.com', 'USA', 'IND-2024', 1839, 390000, 370, { listed: OLD }),
  co('Coinbase', 'coinbase.com', 'USA', 'IND-2040', 2012, 3700, 6.6, {
    listed: 2021,
    ceo: 'Brian Armstrong',
  }),
  co('Robinhood', 'robinhood.com', 'USA', 'IND-2035', 2013, 2300, 3.0, { listed: 2021, ceo: 'Vlad Tenev' }),
  co('Chime', 'chime.com', 'USA', 'IND-2033', 2012, 1300, 1.9, { listed: 2025, ceo: 'Chris Britt' }),
  co('Plaid', 'plaid.com', 'USA', 'IND-2041', 2013, 1200, 0.4, { ceo: 'Zach Perret' }),
  co('Ramp', 'ramp.com', 'USA', 'IND-2042', 2019, 1200, 0.7, { ceo: 'Eric Glyman' }),
  co('Brex', 'brex.com', 'USA', 'IND-2042', 2017, 1100, 0.5, { ceo: 'Pedro Franceschi' }),
  // Consumer internet, media, mobility (US)
  co('Netflix', 'netflix.com', 'USA', 'IND-7306', 1997, 14000, 39, { listed: 2002 }),
  co('The Walt Disney Company', 'thewaltdisneycompany.com', 'USA', 'IND-7301', 1923, 233000, 91, {
    listed: OLD,
  }),
  co('Uber', 'uber.com', 'USA', 'IND-5105', 2009, 31000, 44, { listed: 2019, ceo: 'Dara Khosrowshahi' }),
  co('Airbnb', 'airbnb.com', 'USA', 'IND-7210', 2008, 7300, 11, { listed: 2020, ceo: 'Brian Chesky' }),
  co('DoorDash', 'doordash.com', 'USA', 'IND-7208', 2013, 23000, 10.7, { listed: 2020, ceo: 'Tony Xu' }),
  co('Instacart', 'instacart.com', 'USA', 'IND-7105', 2012, 3400, 3.4, { listed: 2023 }),
  co('eBay', 'ebay.com', 'USA', 'IND-7103', 1995, 12000, 10, { listed: 1998, ceo: 'Jamie Iannone' }),
  co('Pinterest', 'pinterest.com', 'USA', 'IND-7312', 2008, 4600, 3.6, { listed: 2019, ceo: 'Bill Ready' }),
  co('Snap', 'snap.com', 'USA', 'IND-7312', 2011, 4900, 5.4, { listed: 2017, ceo: 'Evan Spiegel' }),
  co('Reddit', 'reddit.com', 'USA', 'IND-7312', 2005, 2000, 1.3, { listed: 2024, ceo: 'Steve Huffman' }),
  co('Discord', 'discord.com', 'USA', 'IND-7312', 2015, 800, 0.6),
  co('Duolingo', 'duolingo.com', 'USA', 'IND-8006', 2011, 900, 0.75, { listed: 2021, ceo: 'Luis von Ahn' }),
  co('Instagram', 'instagram.com', 'USA', 'IND-7312', 2010, 4000, 60, {
    parent: 'Meta Platforms',
    acquired: 2012,
  }),
  co('WhatsApp', 'whatsapp.com', 'USA', 'IND-7312', 2009, 2000, 1.0, {
    parent: 'Meta Platforms',
    acquired: 2014,
  }),
  co('YouTube', 'youtube.com', 'USA', 'IND-7306', 2005, 10000, 36, { parent: 'Google', acquired: 2006 }),
  co('Twitch', 'twitch.tv', 'USA', 'IND-7306', 2011, 1800, 2.0, { parent: 'Amazon', acquired: 2014 }),
  co('Whole Foods Market', 'wholefoodsmarket.com', 'USA', 'IND-7104', 1980, 100000, 20, {
    parent: 'Amazon',
    acquired: 2017,
  }),
  // Hardware, telecom, industrial (US)
  co('Tesla', 'tesla.com', 'USA', 'IND-5103', 2003, 125000, 97, { listed: 2010, ceo: 'Elon Musk' }),
  co('Ford Motor Company', 'ford.com', 'USA', 'IND-5101', 1903, 171000, 185, {
    listed: OLD,
    ceo: 'Jim Farley',
  }),
  co('General Motors', 'gm.com', 'USA', 'IND-5101', 1908, 163000, 187, { listed: 2010, ceo: 'Mary Barra' }),
  co('Dell Technologies', 'dell.com', 'USA', 'IND-1305', 1984, 108000, 88, {
    listed: 2018,
    ceo: 'Michael Dell',
  }),
  co('HP Inc.', 'hp.com', 'USA', 'IND-1305', 1939, 58000, 54, { listed: OLD, ceo: 'Enrique Lores' }),
  co('Hewlett Packard Enterprise', 'hpe.com', 'USA', 'IND-1305', 2015, 61000, 30, {
    listed: 2015,
    ceo: 'Antonio Neri',
  }),
  co('Qualcomm', 'qualcomm.com', 'USA', 'IND-1301', 1985, 49000, 39, { listed: 1991, ceo: 'Cristiano Amon' }),
  co('AMD', 'amd.com', 'USA', 'IND-1301', 1969, 28000, 26, { listed: 1972, ceo: 'Lisa Su' }),
  co('AT&T', 'att.com', 'USA', 'IND-1207', 1983, 140000, 122, { listed: OLD, ceo: 'John Stankey' }),
  co('Verizon', 'verizon.com', 'USA', 'IND-1207', 1983, 100000, 135, { listed: OLD }),
  co('Comcast', 'comcastcorporation.com', 'USA', 'IND-1209', 1963, 182000, 124, { listed: 1972 }),
  co('Boeing', 'boeing.com', 'USA', 'IND-5005', 1916, 172000, 66, { listed: OLD, ceo: 'Kelly Ortberg' }),
  co('Lockheed Martin', 'lockheedmartin.com', 'USA', 'IND-5005', 1995, 121000, 71, { listed: 1995 }),
  co('GE Aerospace', 'geaerospace.com', 'USA', 'IND-5005', 1892, 53000, 38, {
    listed: OLD,
    ceo: 'Larry Culp',
  }),
  co('Caterpillar', 'caterpillar.com', 'USA', 'IND-5020', 1925, 113000, 65, { listed: OLD }),
  co('3M', '3m.com', 'USA', 'IND-5025', 1902, 62000, 24, { listed: OLD }),
  co('Honeywell', 'honeywell.com', 'USA', 'IND-5002', 1906, 102000, 38, { listed: OLD }),
  co('ExxonMobil', 'exxonmobil.com', 'USA', 'IND-4001', 1870, 61000, 340, { listed: OLD }),
  co('FedEx', 'fedex.com', 'USA', 'IND-5201', 1971, 500000, 88, { listed: 1978 }),
  co('UPS', 'ups.com', 'USA', 'IND-5201', 1907, 490000, 91, { listed: 1999 }),
  co('CDW', 'cdw.com', 'USA', 'IND-1213', 1984, 15000, 21, { listed: 2013 }),
  co('TD SYNNEX', 'tdsynnex.com', 'USA', 'IND-1213', 1980, 23000, 58, { listed: 2003 }),
  co('Ingram Micro', 'ingrammicro.com', 'USA', 'IND-1213', 1979, 24000, 48, { listed: 2024 }),
  co('Arrow Electronics', 'arrow.com', 'USA', 'IND-1213', 1935, 21000, 28, { listed: OLD }),
  co('SHI International', 'shi.com', 'USA', 'IND-1213', 1989, 6000, 15, { ownership: 'family_owned' }),
  // Health (US and Ireland)
  co('UnitedHealth Group', 'unitedhealthgroup.com', 'USA', 'IND-2026', 1977, 400000, 400, { listed: 1984 }),
  co('Johnson & Johnson', 'jnj.com', 'USA', 'IND-3102', 1886, 138000, 89, {
    listed: OLD,
    ceo: 'Joaquin Duato',
  }),
  co('Pfizer', 'pfizer.com', 'USA', 'IND-3102', 1849, 81000, 63, { listed: OLD, ceo: 'Albert Bourla' }),
  co('Moderna', 'modernatx.com', 'USA', 'IND-3101', 2010, 5800, 3.2, {
    listed: 2018,
    ceo: 'Stéphane Bancel',
  }),
  co('Medtronic', 'medtronic.com', 'IRL', 'IND-3103', 1949, 95000, 33, { listed: OLD }),
  // Retail and consumer (US)
  co('Walmart', 'walmart.com', 'USA', 'IND-7107', 1962, 2100000, 681, { listed: 1970 }),
  co('Target', 'target.com', 'USA', 'IND-7107', 1902, 440000, 107, { listed: OLD }),
  co('Costco', 'costco.com', 'USA', 'IND-7107', 1983, 333000, 255, { listed: 1985, ceo: 'Ron Vachris' }),
  co('The Home Depot', 'homedepot.com', 'USA', 'IND-7111', 1978, 470000, 160, {
    listed: 1981,
    ceo: 'Ted Decker',
  }),
  co('Best Buy', 'bestbuy.com', 'USA', 'IND-7109', 1966, 85000, 43, { listed: 1985 }),
  co('Procter & Gamble', 'pg.com', 'USA', 'IND-7001', 1837, 108000, 84, { listed: OLD }),
  co('The Coca-Cola Company', 'coca-colacompany.com', 'USA', 'IND-7003', 1892, 69000, 47, { listed: OLD }),
  co('PepsiCo', 'pepsico.com', 'USA', 'IND-7003', 1965, 318000, 92, { listed: OLD, ceo: 'Ramon Laguarta' }),
  co('Nike', 'nike.com', 'USA', 'IND-7010', 1964, 79000, 51, { listed: 1980, ceo: 'Elliott Hill' }),
  co('Starbucks', 'starbucks.com', 'USA', 'IND-7205', 1971, 361000, 36, {
    listed: 1992,
    ceo: 'Brian Niccol',
  }),
  co("McDonald's", 'mcdonalds.com', 'USA', 'IND-7204', 1955, 150000, 26, { listed: OLD }),
  // Canada
  co('Shopify', 'shopify.com', 'CAN', 'IND-1019', 2006, 8100, 8.9, { listed: 2015, ceo: 'Tobi Lütke' }),
  co('OpenText', 'opentext.com', 'CAN', 'IND-1030', 1991, 23000, 5.8, { listed: 1996 }),
  co('Constellation Software', 'csisoftware.com', 'CAN', 'IND-1020', 1995, 50000, 10, { listed: 2006 }),
  co('Cohere', 'cohere.com', 'CAN', 'IND-1102', 2019, 500, 0.1, { ceo: 'Aidan Gomez' }),
  co('RBC', 'rbc.com', 'CAN', 'IND-2001', 1864, 98000, 42, { listed: OLD }),
  // Germany, Austria, Switzerland
  co('SAP', 'sap.com', 'DEU', 'IND-1020', 1972, 108000, 37, { listed: 1988, ceo: 'Christian Klein' }),
  co('Siemens', 'siemens.com', 'DEU', 'IND-5002', 1847, 320000, 84, { listed: OLD, ceo: 'Roland Busch' }),
  co('Bosch', 'bosch.com', 'DEU', 'IND-5102', 1886, 420000, 98, {
    ownership: 'nonprofit_foundation_owned',
    ceo: 'Stefan Hartung',
  }),
  co('Volkswagen Group', 'volkswagen-group.com', 'DEU', 'IND-5101', 1937, 680000, 350, {
    listed: OLD,
    ceo: 'Oliver Blume',
  }),
  co('BMW Group', 'bmwgroup.com', 'DEU', 'IND-5101', 1916, 155000, 155, { listed: OLD }),
  co('Mercedes-Benz Group', 'mercedes-benz.com', 'DEU', 'IND-5101', 1926, 166000, 157, {
    listed: OLD,
    ceo: 'Ola Källenius',
    website: 'https://group.mercedes-benz.com',
  }),
  co('Allianz', 'allianz.com', 'DEU', 'IND-2024', 1890, 157000, 175, { listed: OLD, ceo: 'Oliver Bäte' }),
  co('Deutsche Telekom', 'telekom.com', 'DEU', 'IND-1207', 1995, 200000, 125, {
    listed: 1996,
    ceo: 'Tim Höttges',
  }),
  co('Deutsche Bank', 'db.com', 'DEU', 'IND-2001', 1870, 90000, 33, { listed: OLD }),
  co('BASF', 'basf.com', 'DEU', 'IND-8513', 1865, 110000, 70, { listed: OLD, ceo: 'Markus Kamieth' }),
  co('Bayer', 'bayer.com', 'DEU', 'IND-3102', 1863, 93000, 50, { listed: OLD }),
  co('adidas', 'adidas.com', 'DEU', 'IND-7010', 1949, 62000, 26, { listed: 1995, ceo: 'Bjørn Gulden' }),
  co('Infineon Technologies', 'infineon.com', 'DEU', 'IND-1301', 1999, 58000, 16, { listed: 2000 }),
  co('DHL Group', 'dhl.com', 'DEU', 'IND-5201', 1995, 600000, 90, {
    listed: 2000,
    website: 'https://group.dhl.com',
  }),
  co('Zalando', 'zalando.com', 'DEU', 'IND-7102', 2008, 15000, 11, { listed: 2014, ceo: 'Robert Gentz' }),
  co('Delivery Hero', 'deliveryhero.com', 'DEU', 'IND-7208', 2011, 47000, 13, {
    listed: 2017,
    ceo: 'Niklas Östberg',
  }),
  co('HelloFresh', 'hellofresh.com', 'DEU', 'IND-7105', 2011, 21000, 8.0, {
    listed: 2017,
    ceo: 'Dominik Richter',
  }),
  co('Celonis', 'celonis.com', 'DEU', 'IND-1035', 2011, 3000, 0.6, { ceo: 'Alexander Rinke' }),
  co('N26', 'n26.com', 'DEU', 'IND-2033', 2013, 1500, 0.5),
  co('Personio', 'personio.com', 'DEU', 'IND-1023', 2015, 2000, 0.35, { ceo: 'Hanno Renner' }),
  co('DeepL', 'deepl.com', 'DEU', 'IND-1101', 2017, 1000, 0.2, { ceo: 'Jarek Kutylowski' }),
  co('Trade Republic', 'traderepublic.com', 'DEU', 'IND-2035', 2015, 800, 0.5, { ceo: 'Christian Hecker' }),
  co('SUSE', 'suse.com', 'DEU', 'IND-1008', 1992, 2500, 0.7, { parent: 'EQT', acquired: 2019 }),
  co('Nestlé', 'nestle.com', 'CHE', 'IND-7002', 1866, 270000, 101, { listed: OLD, ceo: 'Philipp Navratil' }),
  co('Roche', 'roche.com', 'CHE', 'IND-3102', 1896, 103000, 68, { listed: OLD, ceo: 'Thomas Schinecker' }),
  co('Novartis', 'novartis.com', 'CHE', 'IND-3102', 1996, 76000, 50, { listed: 1996, ceo: 'Vas Narasimhan' }),
  co('UBS', 'ubs.com', 'CHE', 'IND-2001', 1862, 110000, 45, { listed: OLD, ceo: 'Sergio Ermotti' }),
  co('ABB', 'abb.com', 'CHE', 'IND-5002', 1988, 110000, 33, { listed: 1988, ceo: 'Morten Wierod' }),
  co('Logitech', 'logitech.com', 'CHE', 'IND-1308', 1981, 7000, 4.5, { listed: 1988 }),
  co('Kuehne+Nagel', 'kuehne-nagel.com', 'CHE', 'IND-5203', 1890, 80000, 26, { listed: 1994 }),
  // France, Benelux
  co('Dassault Systèmes', '3ds.com', 'FRA', 'IND-1033', 1981, 25000, 6.6, { listed: 1996 }),
  co('Capgemini', 'capgemini.com', 'FRA', 'IND-1202', 1967, 340000, 24, { listed: OLD, ceo: 'Aiman Ezzat' }),
  co("L'Oréal", 'loreal.com', 'FRA', 'IND-7007', 1909, 90000, 47, { listed: OLD, ceo: 'Nicolas Hieronimus' }),
  co('LVMH', 'lvmh.com', 'FRA', 'IND-7011', 1987, 215000, 92, { listed: 1987, ceo: 'Bernard Arnault' }),
  co('Danone', 'danone.com', 'FRA', 'IND-7002', 1919, 90000, 30, { listed: OLD }),
  co('Airbus', 'airbus.com', 'FRA', 'IND-5005', 1970, 157000, 75, { listed: 2000, ceo: 'Guillaume Faury' }),
  co('TotalEnergies', 'totalenergies.com', 'FRA', 'IND-4001', 1924, 100000, 195, {
    listed: OLD,
    ceo: 'Patrick Pouyanné',
  }),
  co('BNP Paribas', 'bnpparibas.com', 'FRA', 'IND-2001', 2000, 180000, 52, { listed: 2000 }),
  co('AXA', 'axa.com', 'FRA', 'IND-2024', 1817, 150000, 110, { listed: OLD }),
  co('Schneider Electric', 'se.com', 'FRA', 'IND-5003', 1836, 150000, 39, {
    listed: OLD,
    ceo: 'Olivier Blum',
  }),
  co('Orange', 'orange.com', 'FRA', 'IND-1207', 1988, 127000, 43, { listed: 1997 }),
  co('Carrefour', 'carrefour.com', 'FRA', 'IND-7104', 1959, 305000, 95, { listed: 1970 }),
  co('EssilorLuxottica', 'essilorluxottica.com', 'FRA', 'IND-3103', 2018, 200000, 28, { listed: 2018 }),
  co('Mistral AI', 'mistral.ai', 'FRA', 'IND-1102', 2023, 700, 0.1, {
    ceo: 'Arthur Mensch',
    website: 'https://mistral.ai',
  }),
  co('Doctolib', 'doctolib.fr', 'FRA', 'IND-3011', 2013, 2800, 0.4, { ceo: 'Stanislas Niox-Chateau' }),
  co('BlaBlaCar', 'blablacar.com', 'FRA', 'IND-5105', 2006, 800, 0.3, { ceo: 'Nicolas Brusson' }),
  co('Contentsquare', 'contentsquare.com', 'FRA', 'IND-1110', 2012, 1500, 0.4, { ceo: 'Jonathan Cherki' }),
  co('Qonto', 'qonto.com', 'FRA', 'IND-2033', 2016, 1600, 0.6, { ceo: 'Alexandre Prot' }),
  co('ASML', 'asml.com', 'NLD', 'IND-1302', 1984, 42000, 30, { listed: 1995, ceo: 'Christophe Fouquet' }),
  co('Philips', 'philips.com', 'NLD', 'IND-3103', 1891, 69000, 19.5, { listed: OLD, ceo: 'Roy Jakobs' }),
  co('Adyen', 'adyen.com', 'NLD', 'IND-2032', 2006, 4300, 2.2, { listed: 2018, ceo: 'Pieter van der Does' }),
  co('Booking Holdings', 'bookingholdings.com', 'USA', 'IND-7210', 1997, 24000, 23.7, { listed: 1999 }),
  co('Booking.com', 'booking.com', 'NLD', 'IND-7210', 1996, 22000, 20, {
    parent: 'Booking Holdings',
    acquired: 2005,
  }),
  co('Heineken', 'theheinekencompany.com', 'NLD', 'IND-7004', 1864, 90000, 39, { listed: OLD }),
  co('ING Group', 'ing.com', 'NLD', 'IND-2001', 1991, 60000, 25, {
    listed: 1991,
    ceo: 'Steven van Rijswijk',
  }),
  co('Randstad', 'randstad.com', 'NLD', 'IND-8105', 1960, 40000, 27, { listed: 1990 }),
  co('Stellantis', 'stellantis.com', 'NLD', 'IND-5101', 2021, 248000, 170, { listed: 2021 }),
  co('IKEA', 'ikea.com', 'NLD', 'IND-7014', 1943, 220000, 47, { ownership: 'nonprofit_foundation_owned' }),
  co('Mollie', 'mollie.com', 'NLD', 'IND-2032', 2004, 800, 0.2),
  // Nordics and Baltics
  co('Spotify', 'spotify.com', 'SWE', 'IND-7306', 2006, 7300, 17, { listed: 2018 }),
  co('Klarna', 'klarna.com', 'SWE', 'IND-2039', 2005, 3000, 2.8, {
    listed: 2025,
    ceo: 'Sebastian Siemiatkowski',
  }),
  co('Ericsson', 'ericsson.com', 'SWE', 'IND-1307', 1876, 94000, 24, { listed: OLD }),
  co('Volvo Group', 'volvogroup.com', 'SWE', 'IND-5111', 1927, 100000, 50, { listed: OLD }),
  co('H&M', 'hm.com', 'SWE', 'IND-7110', 1947, 100000, 22, { listed: 1974 }),
  co('Nokia', 'nokia.com', 'FIN', 'IND-1307', 1865, 78000, 21, { listed: OLD, ceo: 'Justin Hotard' }),
  co('Supercell', 'supercell.com', 'FIN', 'IND-7303', 2010, 500, 1.9, { parent: 'Tencent', acquired: 2016 }),
  co('Novo Nordisk', 'novonordisk.com', 'DNK', 'IND-3102', 1923, 77000, 42, { listed: OLD }),
  co('Maersk', 'maersk.com', 'DNK', 'IND-5207', 1904, 100000, 55, { listed: OLD, ceo: 'Vincent Clerc' }),
  co('LEGO Group', 'lego.com', 'DNK', 'IND-7013', 1932, 29000, 10, {
    ownership: 'family_owned',
    ceo: 'Niels B. Christiansen',
  }),
  co('Equinor', 'equinor.com', 'NOR', 'IND-4001', 1972, 23000, 107, { listed: 2001, ceo: 'Anders Opedal' }),
  co('Bolt', 'bolt.eu', 'EST', 'IND-5105', 2013, 4000, 2.1, {
    ceo: 'Markus Villig',
    website: 'https://bolt.eu',
  }),
  // UK and Ireland
  co('Accenture', 'accenture.com', 'IRL', 'IND-1202', 1989, 774000, 65, { listed: 2001, ceo: 'Julie Sweet' }),
  co('Deloitte', 'deloitte.com', 'GBR', 'IND-8102', 1845, 460000, 67, {
    ownership: 'management_employee_owned',
    ceo: 'Joe Ucuzoglu',
  }),
  co('PwC', 'pwc.com', 'GBR', 'IND-8102', 1849, 370000, 55, {
    ownership: 'management_employee_owned',
    ceo: 'Mohamed Kande',
  }),
  co('EY', 'ey.com', 'GBR', 'IND-8102', 1989, 400000, 51, {
    ownership: 'management_employee_owned',
    ceo: 'Janet Truncale',
  }),
  co('KPMG', 'kpmg.com', 'GBR', 'IND-8102', 1987, 275000, 38, {
    ownership: 'management_employee_owned',
    ceo: 'Bill Thomas',
  }),
  co('Revolut', 'revolut.com', 'GBR', 'IND-2033', 2015, 10000, 4.0, { ceo: 'Nik Storonsky' }),
  co('Wise', 'wise.com', 'GBR', 'IND-2044', 2011, 6000, 1.6, { listed: 2021, ceo: 'Kristo Käärmann' }),
  co('Monzo', 'monzo.com', 'GBR', 'IND-2033', 2015, 3500, 1.2),
  co('Arm', 'arm.com', 'GBR', 'IND-1301', 1990, 7000, 4.0, { listed: 2023, ceo: 'Rene Haas' }),
  co('AstraZeneca', 'astrazeneca.com', 'GBR', 'IND-3102', 1999, 90000, 54, {
    listed: 1999,
    ceo: 'Pascal Soriot',
  }),
  co('HSBC', 'hsbc.com', 'GBR', 'IND-2001', 1865, 210000, 66, { listed: OLD, ceo: 'Georges Elhedery' }),
  co('BP', 'bp.com', 'GBR', 'IND-4001', 1909, 87000, 190, { listed: OLD }),
  co('Shell', 'shell.com', 'GBR', 'IND-4001', 1907, 96000, 290, { listed: OLD, ceo: 'Wael Sawan' }),
  co('Unilever', 'unilever.com', 'GBR', 'IND-7001', 1929, 128000, 65, {
    listed: OLD,
    ceo: 'Fernando Fernandez',
  }),
  co('Tesco', 'tesco.com', 'GBR', 'IND-7104', 1919, 330000, 88, { listed: 1947, ceo: 'Ken Murphy' }),
  co('Vodafone', 'vodafone.com', 'GBR', 'IND-1208', 1991, 92000, 40, {
    listed: 1988,
    ceo: 'Margherita Della Valle',
  }),
  co('Sage Group', 'sage.com', 'GBR', 'IND-1021', 1981, 11000, 2.9, { listed: 1989, ceo: 'Steve Hare' }),
  co('Ocado Group', 'ocadogroup.com', 'GBR', 'IND-7105', 2000, 19000, 4.0, { listed: 2010 }),
  co('Rolls-Royce', 'rolls-royce.com', 'GBR', 'IND-5005', 1906, 42000, 22, { listed: 1987 }),
  co('Canonical', 'canonical.com', 'GBR', 'IND-1008', 2004, 1200, 0.3, {
    ownership: 'founder_individual_operated_bootstrapped',
    ceo: 'Mark Shuttleworth',
  }),
  co('Darktrace', 'darktrace.com', 'GBR', 'IND-1001', 2013, 2300, 0.7, {
    parent: 'Thoma Bravo',
    acquired: 2024,
  }),
  co('Google DeepMind', 'deepmind.com', 'GBR', 'IND-1102', 2010, 6000, 1.5, {
    parent: 'Google',
    acquired: 2014,
  }),
  co('Deliveroo', 'deliveroo.co.uk', 'GBR', 'IND-7208', 2013, 3000, 2.6, {
    parent: 'DoorDash',
    acquired: 2025,
  }),
  // Southern and Eastern Europe
  co('Banco Santander', 'santander.com', 'ESP', 'IND-2001', 1857, 206000, 62, { listed: OLD }),
  co('Inditex', 'inditex.com', 'ESP', 'IND-7110', 1985, 160000, 41, {
    listed: 2001,
    ceo: 'Óscar García Maceiras',
  }),
  co('Telefónica', 'telefonica.com', 'ESP', 'IND-1207', 1924, 100000, 44, {
    listed: OLD,
    ceo: 'Marc Murtra',
  }),
  co('Glovo', 'glovoapp.com', 'ESP', 'IND-7208', 2015, 3000, 1.0, {
    parent: 'Delivery Hero',
    acquired: 2022,
  }),
  co('Enel', 'enel.com', 'ITA', 'IND-4005', 1962, 61000, 100, { listed: 1999, ceo: 'Flavio Cattaneo' }),
  co('Ferrari', 'ferrari.com', 'ITA', 'IND-5101', 1939, 5000, 7.0, { listed: 2015, ceo: 'Benedetto Vigna' }),
  co('Eni', 'eni.com', 'ITA', 'IND-4001', 1953, 32000, 100, { listed: 1995, ceo: 'Claudio Descalzi' }),
  co('CD Projekt', 'cdprojekt.com', 'POL', 'IND-7302', 1994, 1200, 0.25, { listed: 2010 }),
  co('Allegro', 'allegro.pl', 'POL', 'IND-7103', 1999, 7000, 2.6, { listed: 2020 }),
  // Israel, Middle East, Africa
  co('Check Point Software Technologies', 'checkpoint.com', 'ISR', 'IND-1001', 1993, 6500, 2.6, {
    listed: 1996,
    ceo: 'Nadav Zafrir',
  }),
  co('Wix', 'wix.com', 'ISR', 'IND-1031', 2006, 5000, 1.8, { listed: 2013, ceo: 'Avishai Abrahami' }),
  co('monday.com', 'monday.com', 'ISR', 'IND-1026', 2012, 2500, 1.0, { listed: 2021, ceo: 'Roy Mann' }),
  co('Mobileye', 'mobileye.com', 'ISR', 'IND-5104', 1999, 3900, 1.7, { listed: 2022 }),
  co('Teva Pharmaceutical', 'tevapharm.com', 'ISR', 'IND-3102', 1901, 37000, 16, {
    listed: OLD,
    ceo: 'Richard Francis',
  }),
  co('Saudi Aramco', 'aramco.com', 'SAU', 'IND-4001', 1933, 73000, 440, { listed: 2019, ceo: 'Amin Nasser' }),
  co('Naspers', 'naspers.com', 'ZAF', 'IND-7301', 1915, 26000, 7.0, { listed: OLD }),
  co('MTN Group', 'mtn.com', 'ZAF', 'IND-1208', 1994, 16000, 11, { listed: 1995 }),
  co('Safaricom', 'safaricom.co.ke', 'KEN', 'IND-1208', 1997, 6000, 2.7, { listed: 2008 }),
  co('Paystack', 'paystack.com', 'NGA', 'IND-2032', 2015, 400, 0.1, { parent: 'Stripe', acquired: 2020 }),
  // Asia-Pacific
  co('Toyota', 'toyota.com', 'JPN', 'IND-5101', 1937, 380000, 300, { listed: OLD, ceo: 'Koji Sato' }),
  co('Sony', 'sony.com', 'JPN', 'IND-1308', 1946, 113000, 88, { listed: OLD, ceo: 'Hiroki Totoki' }),
  co('Panasonic', 'panasonic.com', 'JPN', 'IND-1308', 1918, 228000, 56, { listed: OLD }),
  co('Hitachi', 'hitachi.com', 'JPN', 'IND-5003', 1910, 268000, 66, { listed: OLD }),
  co('Nintendo', 'nintendo.co.jp', 'JPN', 'IND-7302', 1889, 7700, 11, { listed: OLD }),
  co('SoftBank Group', 'group.softbank', 'JPN', 'IND-1208', 1981, 65000, 45, {
    listed: 1994,
    website: 'https://group.softbank',
  }),
  co('Rakuten Group', 'rakuten.co.jp', 'JPN', 'IND-7102', 1997, 30000, 14, {
    listed: 2000,
    ceo: 'Hiroshi Mikitani',
  }),
  co('Fast Retailing', 'fastretailing.com', 'JPN', 'IND-7110', 1963, 60000, 21, {
    listed: 1994,
    ceo: 'Tadashi Yanai',
  }),
  co('Keyence', 'keyence.com', 'JPN', 'IND-5002', 1974, 12000, 7.0, { listed: 1987 }),
  co('Samsung Electronics', 'samsung.com', 'KOR', 'IND-1308', 1969, 267000, 220, { listed: 1975 }),
  co('LG Electronics', 'lg.com', 'KOR', 'IND-1308', 1958, 75000, 65, { listed: 1970 }),
  co('Hyundai Motor Company', 'hyundai.com', 'KOR', 'IND-5101', 1967, 75000, 120, { listed: 1974 }),
  co('Naver', 'navercorp.com', 'KOR', 'IND-7401', 1999, 4800, 7.5, { listed: 2002 }),
  co('Alibaba Group', 'alibabagroup.com', 'CHN', 'IND-7102', 1999, 200000, 137, {
    listed: 2014,
    ceo: 'Eddie Wu',
  }),
  co('Tencent', 'tencent.com', 'CHN', 'IND-7312', 1998, 105000, 92, { listed: 2004, ceo: 'Pony Ma' }),
  co('ByteDance', 'bytedance.com', 'CHN', 'IND-7312', 2012, 150000, 155, { ceo: 'Liang Rubo' }),
  co('Huawei', 'huawei.com', 'CHN', 'IND-1307', 1987, 207000, 118, {
    ownership: 'management_employee_owned',
  }),
  co('Xiaomi', 'mi.com', 'CHN', 'IND-1308', 2010, 37000, 51, { listed: 2018, ceo: 'Lei Jun' }),
  co('Baidu', 'baidu.com', 'CHN', 'IND-7401', 2000, 36000, 18.6, { listed: 2005, ceo: 'Robin Li' }),
  co('TSMC', 'tsmc.com', 'TWN', 'IND-1301', 1987, 83000, 90, { listed: 1994, ceo: 'C. C. Wei' }),
  co('Foxconn', 'foxconn.com', 'TWN', 'IND-1304', 1974, 900000, 213, { listed: 1991, ceo: 'Young Liu' }),
  co('Infosys', 'infosys.com', 'IND', 'IND-1202', 1981, 317000, 19, { listed: 1993, ceo: 'Salil Parekh' }),
  co('Tata Consultancy Services', 'tcs.com', 'IND', 'IND-1202', 1968, 600000, 29, {
    listed: 2004,
    ceo: 'K. Krithivasan',
  }),
  co('Wipro', 'wipro.com', 'IND', 'IND-1202', 1945, 230000, 10.8, { listed: OLD, ceo: 'Srini Pallia' }),
  co('HCLTech', 'hcltech.com', 'IND', 'IND-1202', 1976, 220000, 13.8, { listed: 1999, ceo: 'C Vijayakumar' }),
  co('Cognizant', 'cognizant.com', 'USA', 'IND-1202', 1994, 340000, 19.7, {
    listed: 1998,
    ceo: 'Ravi Kumar S',
  }),
  co('Reliance Industries', 'ril.com', 'IND', 'IND-4004', 1966, 350000, 110, {
    listed: 1977,
    ceo: 'Mukesh Ambani',
  }),
  co('Flipkart', 'flipkart.com', 'IND', 'IND-7102', 2007, 22000, 8.0, { parent: 'Walmart', acquired: 2018 }),
  co('Zoho', 'zoho.com', 'IND', 'IND-1015', 1996, 18000, 1.4, {
    ownership: 'founder_individual_operated_bootstrapped',
  }),
  co('Razorpay', 'razorpay.com', 'IND', 'IND-2032', 2014, 3000, 0.3),
  co('Paytm', 'paytm.com', 'IND', 'IND-2032', 2000, 30000, 1.0, { listed: 2021 }),
  co('Grab', 'grab.com', 'SGP', 'IND-5105', 2012, 11000, 2.8, { listed: 2021, ceo: 'Anthony Tan' }),
  co('Sea Limited', 'sea.com', 'SGP', 'IND-7102', 2009, 62000, 16.8, { listed: 2017, ceo: 'Forrest Li' }),
  co('DBS Bank', 'dbs.com', 'SGP', 'IND-2001', 1968, 41000, 16, { listed: 1999, ceo: 'Tan Su Shan' }),
  co('Atlassian', 'atlassian.com', 'AUS', 'IND-1026', 2002, 12000, 5.2, {
    listed: 2015,
    ceo: 'Mike Cannon-Brookes',
  }),
  co('Canva', 'canva.com', 'AUS', 'IND-1032', 2012, 5000, 2.5, { ceo: 'Melanie Perkins' }),
  co('Afterpay', 'afterpay.com', 'AUS', 'IND-2039', 2014, 1500, 0.8, { parent: 'Block', acquired: 2022 }),
  co('BHP', 'bhp.com', 'AUS', 'IND-8510', 1885, 90000, 56, { listed: OLD }),
  co('Commonwealth Bank', 'commbank.com.au', 'AUS', 'IND-2001', 1911, 49000, 18, { listed: 1991 }),
  co('Xero', 'xero.com', 'NZL', 'IND-1021', 2006, 4500, 1.2, {
    listed: 2007,
    ceo: 'Sukhinder Singh Cassidy',
  }),
  // Latin America
  co('Mercado Libre', 'mercadolibre.com', 'URY', 'IND-7102', 1999, 85000, 21, { listed: 2007 }),
  co('Nubank', 'nubank.com.br', 'BRA', 'IND-2033', 2013, 8000, 11.5, { listed: 2021, ceo: 'David Vélez' }),
  co('Petrobras', 'petrobras.com.br', 'BRA', 'IND-4001', 1953, 41000, 91, { listed: OLD }),
  co('Vale', 'vale.com', 'BRA', 'IND-8510', 1942, 65000, 38, { listed: OLD }),
  co('TOTVS', 'totvs.com', 'BRA', 'IND-1020', 1983, 9000, 1.0, { listed: 2006 }),
  co('Rappi', 'rappi.com', 'COL', 'IND-7208', 2015, 6000, 0.9),
  co('América Movil', 'americamovil.com', 'MEX', 'IND-1207', 2000, 176000, 45, { listed: 2001 }),
  co('CEMEX', 'cemex.com', 'MEX', 'IND-8517', 1906, 46000, 17, { listed: OLD }),
];

/** Publicly reported deal values of the anchors' acquisitions, USD billions. */
export const ACQUISITION_VALUES_B: Readonly<Record<string, number>> = {
  Slack: 27.7,
  Tableau: 15.7,
  MuleSoft: 6.5,
  GitHub: 7.5,
  LinkedIn: 26.2,
  'Activision Blizzard': 68.7,
  'Red Hat': 34,
  HashiCorp: 6.4,
  VMware: 69,
  Splunk: 28,
  NetSuite: 9.3,
  Mailchimp: 12,
  Zendesk: 10.2,
  Qualtrics: 12.5,
  Proofpoint: 12.3,
  Instagram: 1,
  WhatsApp: 19,
  YouTube: 1.65,
  Twitch: 0.97,
  'Whole Foods Market': 13.7,
  SUSE: 2.5,
  'Booking.com': 0.135,
  Supercell: 8.6,
  Darktrace: 5.3,
  'Google DeepMind': 0.5,
  Deliveroo: 3.9,
  Paystack: 0.2,
  Afterpay: 29,
  Flipkart: 16,
};

/** Last reported valuations of private anchors, USD billions. */
export const PRIVATE_VALUATIONS_B: Readonly<Record<string, number>> = {
  Stripe: 92,
  Databricks: 100,
  OpenAI: 500,
  Anthropic: 183,
  'Scale AI': 29,
  'Hugging Face': 4.5,
  Notion: 10,
  Miro: 17.5,
  Airtable: 11,
  Gong: 7.25,
  Rippling: 17,
  Deel: 17,
  Vercel: 9.3,
  Zapier: 5,
  Wiz: 32,
  SpaceX: 400,
  Plaid: 6.1,
  Ramp: 22,
  Brex: 12,
  Discord: 15,
  Celonis: 13,
  N26: 9,
  Personio: 8.5,
  DeepL: 2,
  'Trade Republic': 12.5,
  Revolut: 75,
  Monzo: 5.9,
  Canva: 42,
  'Mistral AI': 14,
  Doctolib: 6.4,
  BlaBlaCar: 2,
  Contentsquare: 5.6,
  Qonto: 5,
  Mollie: 6.5,
  Bolt: 8.4,
  Razorpay: 7.5,
  Rappi: 5.25,
  Cohere: 6.8,
  ByteDance: 330,
  'Epic Systems': 30,
  Huawei: 150,
  Zoho: 12,
  Genesys: 21,
  Bosch: 110,
  IKEA: 60,
  'LEGO Group': 70,
  Deloitte: 60,
  PwC: 50,
  EY: 45,
  KPMG: 35,
  Canonical: 3,
  'SHI International': 5,
};
