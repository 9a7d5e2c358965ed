/**
 * The industry taxonomy as a tree: each sector (a code such as `IND-20`, the two digits its
 * industries' codes share, as industry search answers at levels `l1` and `l2`) with its industries
 * (`IND-2001` ...: the codes the `industry.industry` filter takes). The list builder's industry facet
 * offers a sector as one choice and sends every industry under it (docs/product-rules.md, section
 * 18); it reads the tree from the BFF (`GET /bff/industries`), which takes it from the service when
 * it can list its taxonomy (the embedded service) and serves this copy otherwise (a remote service
 * documents no way to list it). The browser imports this module's types only.
 *
 * Written out from the embedded service's taxonomy (`bff/embedded/dataset/taxonomy.ts`, 346 KB with
 * the generator's data); `industry-tree.test.ts` checks that the two never drift apart.
 */

export type IndustryLeaf = { readonly code: string; readonly name: string };
export type IndustrySector = {
  readonly code: string;
  readonly name: string;
  readonly industries: readonly IndustryLeaf[];
};
export type IndustryTree = readonly IndustrySector[];

/** `GET /bff/industries`: the tree, and where it came from. */
export type IndustryTreeResponse = {
  /** `service`: the upstream's own taxonomy; `builtin`: the copy the BFF ships (a remote upstream). */
  source: 'service' | 'builtin';
  sectors: IndustryTree;
};

// '# Sector' starts a sector; 'code|name' lines are its industries, in taxonomy order.
const TABLE = `
# Software
IND-1001|Cybersecurity
IND-1002|Identity & Access Management
IND-1003|Network Security
IND-1004|Cloud Security
IND-1005|Application Security
IND-1006|Security Operations
IND-1007|Governance, Risk & Compliance Software
IND-1008|Cloud Infrastructure
IND-1009|DevOps
IND-1010|Observability & Monitoring
IND-1011|Developer Tools
IND-1012|Integration & API Management
IND-1013|Low-Code & No-Code Platforms
IND-1014|Databases
IND-1015|CRM Software
IND-1016|Marketing Automation
IND-1017|Sales Enablement & Engagement
IND-1018|Customer Service Software
IND-1019|E-commerce Platforms
IND-1020|ERP Software
IND-1021|Accounting Software
IND-1022|Procurement & Spend Management
IND-1023|HR Tech
IND-1024|Recruiting Software
IND-1025|Payroll & Benefits Software
IND-1026|Collaboration & Productivity Software
IND-1027|Project Management Software
IND-1028|Unified Communications
IND-1029|Communications APIs
IND-1030|Document Management & E-signature
IND-1031|Website Builders & CMS
IND-1032|Design Software
IND-1033|CAD & Engineering Software
IND-1034|Supply Chain Software
IND-1035|Business Process Automation
IND-1036|Field Service Management Software
IND-1037|Point of Sale & Retail Software
IND-1038|Legal Tech
IND-1039|GovTech
IND-1041|Product Analytics
IND-1042|Customer Data Platforms
IND-1043|IT Service Management
IND-1044|Web3 & Blockchain Infrastructure
IND-1045|Consumer Software
# AI & Data
IND-1101|Generative AI
IND-1102|Foundation Models
IND-1103|Machine Learning Platforms
IND-1104|Computer Vision
IND-1105|Conversational AI
IND-1106|AI Agents
IND-1107|AI Infrastructure
IND-1108|Speech & Voice AI
IND-1109|Data Infrastructure
IND-1110|Business Intelligence
IND-1111|Data Governance & Quality
IND-1112|Data Providers
IND-1113|Data Labeling & AI Training Data
IND-1114|AI Governance & Safety
# IT & Telecom
IND-1201|IT Services
IND-1202|IT Consulting & Systems Integration
IND-1203|Software Development Services
IND-1204|Managed Security Services
IND-1205|Business Process Outsourcing
IND-1206|Data Centers
IND-1207|Telecommunications
IND-1208|Mobile Network Operators
IND-1209|Internet Service Providers
IND-1210|Satellite Communications
IND-1211|Telecom Infrastructure
IND-1213|IT Hardware Resellers
# Hardware & Electronics
IND-1301|Semiconductors
IND-1302|Semiconductor Equipment
IND-1303|Electronic Components
IND-1304|Electronics Manufacturing Services
IND-1305|Computer Hardware
IND-1306|Networking Equipment
IND-1307|Telecommunications Equipment
IND-1308|Consumer Electronics
IND-1309|Wearables
IND-1310|Smart Home
IND-1311|IoT
IND-1312|Robotics
IND-1313|Drones
IND-1314|AR/VR & Spatial Computing
IND-1315|Quantum Computing
IND-1316|3D Printing
IND-1317|Photonics & Lasers
IND-1318|Sensors & Lidar
IND-1319|Test & Measurement
IND-1320|Physical Security & Surveillance
# Financial Services
IND-2001|Banking
IND-2002|Credit Unions & Community Banks
IND-2003|Investment Banking
IND-2004|Wealth Management
IND-2005|Asset Management
IND-2006|Hedge Funds
IND-2007|Private Equity
IND-2008|Venture Capital
IND-2009|Corporate Venture Capital
IND-2010|Angel Investor Networks
IND-2011|Family Offices
IND-2012|Private Credit
IND-2013|Startup Accelerators & Incubators
IND-2014|Brokerage & Trading
IND-2015|Exchanges & Market Infrastructure
IND-2016|Consumer Lending
IND-2017|Mortgage Lending
IND-2018|Commercial Finance
IND-2019|Credit Bureaus & Ratings
IND-2020|Debt Collection
IND-2021|Financial Data & Analytics
IND-2022|Pensions & Retirement Services
IND-2024|Insurance
IND-2025|Life Insurance
IND-2026|Health Insurance
IND-2027|Reinsurance
IND-2028|Insurance Brokerage
IND-2029|Insurtech
IND-2031|Fintech
IND-2032|Payments
IND-2033|Digital Banking
IND-2034|Wealthtech
IND-2035|Retail Investing Apps
IND-2036|Regtech
IND-2037|Fraud Prevention
IND-2038|Lending Platforms
IND-2039|Buy Now Pay Later
IND-2040|Crypto & Digital Assets
IND-2041|Embedded Finance & Banking-as-a-Service
IND-2042|Expense Management & Corporate Cards
IND-2043|Personal Finance Apps
IND-2044|Cross-Border Payments & Remittances
IND-2045|Billing & Revenue Management
IND-2046|Core Banking & Capital Markets Technology
IND-2047|Crowdfunding Platforms
# Healthcare
IND-3001|Hospitals & Health Systems
IND-3002|Medical Practices & Clinics
IND-3003|Dental Care
IND-3004|Mental Health Services
IND-3005|Home Health & Senior Care
IND-3006|Outpatient & Urgent Care
IND-3007|Diagnostic Labs & Imaging Centers
IND-3008|Pharmacies
IND-3009|Physical Therapy & Rehabilitation
IND-3010|Veterinary Services
IND-3011|Healthtech
IND-3012|Digital Health
IND-3013|Telehealth
IND-3014|Health Information Systems
IND-3015|Revenue Cycle Management
IND-3016|Healthcare Staffing
IND-3017|Healthcare AI
IND-3018|Women's Health & Femtech
# Life Sciences
IND-3101|Biotechnology
IND-3102|Pharmaceuticals
IND-3103|Medical Devices
IND-3104|Diagnostics
IND-3105|Contract Research Organizations
IND-3106|Pharmaceutical Contract Manufacturing
IND-3107|Genomics
IND-3108|Cell & Gene Therapy
IND-3109|AI Drug Discovery
IND-3110|Life Science Tools
IND-3111|Surgical Robotics
IND-3112|Medical Imaging
IND-3114|Medical Supplies & Distribution
IND-3115|Animal Health
IND-3116|Remote Patient Monitoring
IND-3117|Neurotechnology
# Energy & Utilities
IND-4001|Oil & Gas
IND-4002|Oilfield Services
IND-4003|Midstream & Pipelines
IND-4004|Refining & Fuels
IND-4005|Utilities
IND-4006|Water Utilities
IND-4007|Renewable Energy
IND-4008|Solar
IND-4009|Wind Energy
IND-4010|Nuclear Energy
IND-4011|Hydrogen & Fuel Cells
IND-4012|Battery Technology
IND-4013|Energy Storage
IND-4014|EV Charging
IND-4015|Climate Tech
IND-4016|Carbon Management
IND-4017|Energy Efficiency & Heat Pumps
IND-4018|Smart Grid & Energy Software
IND-4019|Energy Retail & Trading
IND-4020|Bioenergy & Biofuels
IND-4021|Waste Management
IND-4022|Recycling & Circular Economy
IND-4023|Water Technology
IND-4024|Environmental Services
IND-4025|Sustainability & ESG Software
# Industrials
IND-5001|Industrial Machinery
IND-5002|Industrial Automation
IND-5003|Electrical Equipment
IND-5004|HVAC & Building Systems
IND-5005|Aerospace & Defense
IND-5006|Space Technology
IND-5007|Defense Technology
IND-5008|Aviation Services & MRO
IND-5009|Shipbuilding & Marine Equipment
IND-5010|Metal Fabrication
IND-5011|Plastics & Rubber Products
IND-5012|Packaging
IND-5013|Building Products
IND-5014|Furniture Manufacturing
IND-5015|Textiles
IND-5016|Commercial Printing
IND-5017|Contract Manufacturing
IND-5018|Industrial Distribution
IND-5019|Wholesale Distribution
IND-5020|Construction & Mining Equipment
IND-5023|Testing, Inspection & Certification
IND-5024|Manufacturing Software
IND-5025|Manufacturing
# Automotive & Mobility
IND-5101|Automotive
IND-5102|Auto Parts & Components
IND-5103|Electric Vehicles
IND-5104|Autonomous Vehicles
IND-5105|Mobility
IND-5106|Micromobility
IND-5107|Car Dealerships
IND-5108|Automotive Aftermarket & Repair
IND-5109|Car Rental & Leasing
IND-5110|Connected Car & Automotive Software
IND-5111|Trucks & Commercial Vehicles
# Transportation & Logistics
IND-5201|Logistics
IND-5202|Freight
IND-5203|Freight Forwarding
IND-5204|Freight Tech
IND-5205|Warehousing & Fulfillment
IND-5206|Last-Mile Delivery & Couriers
IND-5207|Shipping & Maritime
IND-5208|Airlines
IND-5210|Rail Transport
IND-5211|Public Transit & Bus Operators
IND-5212|Moving & Relocation
IND-5213|Cold Chain Logistics
# Real Estate & Construction
IND-6001|Real Estate
IND-6002|Commercial Real Estate
IND-6003|Homebuilders & Residential Development
IND-6004|Property Management
IND-6005|Real Estate Investment
IND-6006|Proptech
IND-6007|Real Estate Marketplaces
IND-6008|Coworking & Flexible Workspace
IND-6009|Construction
IND-6010|Construction Tech
IND-6011|Infrastructure & Civil Engineering
IND-6012|Specialty Contractors
IND-6013|Home Improvement & Renovation
IND-6014|Architecture
IND-6015|Facilities Management
IND-6016|Modular & Prefab Construction
# Consumer
IND-7001|Consumer Goods
IND-7002|Food & Beverage
IND-7003|Beverages
IND-7004|Beer, Wine & Spirits
IND-7005|Alternative Protein
IND-7007|Beauty & Cosmetics
IND-7009|Fashion & Apparel
IND-7010|Footwear
IND-7011|Luxury Goods & Jewelry
IND-7012|Sporting Goods & Outdoor
IND-7013|Toys & Games
IND-7014|Home Furnishings & Decor
IND-7015|Home Appliances
IND-7016|Pet Care
IND-7018|Nutrition & Supplements
IND-7019|Cannabis
IND-7020|Tobacco & Vaping
IND-7021|Fitness & Gyms
IND-7022|Salons, Spas & Personal Care Services
IND-7023|Home Services
IND-7024|Funeral Services
# Retail & E-commerce
IND-7101|Retail
IND-7102|E-commerce
IND-7103|Marketplaces
IND-7104|Grocery Retail
IND-7105|Online Grocery & Quick Commerce
IND-7106|Direct-to-Consumer Brands
IND-7107|Department Stores & Mass Merchants
IND-7108|Convenience Stores & Gas Stations
IND-7109|Specialty Retail
IND-7110|Fashion Retail
IND-7111|Home Improvement & Hardware Retail
IND-7113|Re-commerce & Secondhand
IND-7114|Social Commerce & Live Shopping
IND-7115|B2B Marketplaces & E-procurement
IND-7116|Retail Tech
# Hospitality & Travel
IND-7201|Hospitality
IND-7202|Hotels & Resorts
IND-7203|Restaurants
IND-7204|Fast Food & Quick Service Restaurants
IND-7205|Cafes & Coffee Shops
IND-7206|Bars & Nightlife
IND-7207|Catering & Food Service
IND-7208|Food Delivery
IND-7209|Travel Tech
IND-7210|Online Travel
IND-7211|Travel Agencies & Tour Operators
IND-7212|Vacation Rentals
IND-7213|Cruise Lines
IND-7214|Gambling & Sports Betting
IND-7215|Theme Parks & Attractions
IND-7216|Events & Conferences
# Media & Entertainment
IND-7301|Media & Entertainment
IND-7302|Gaming
IND-7303|Mobile Games
IND-7304|Esports
IND-7305|Film & TV Production
IND-7306|Streaming Services
IND-7307|Music
IND-7308|Podcasting & Audio
IND-7309|Publishing
IND-7310|News & Digital Media
IND-7311|Broadcasting
IND-7312|Social Media
IND-7313|Creator Economy
IND-7314|Dating Apps
IND-7315|Live Entertainment & Ticketing
IND-7316|Sports
IND-7317|Sports Tech
IND-7319|Photography & Stock Media
# Marketing & Advertising
IND-7401|Advertising Technology
IND-7402|Advertising Agencies
IND-7403|Digital Marketing Agencies
IND-7404|Public Relations
IND-7405|Market Research
IND-7406|Influencer Marketing
IND-7407|SEO & Search Marketing
IND-7408|Marketing Analytics & Attribution
IND-7409|Out-of-Home Advertising
IND-7410|Branding & Design Agencies
IND-7411|Affiliate & Performance Marketing
IND-7412|Sales Intelligence & B2B Data
IND-7413|Loyalty & Customer Engagement
# Education
IND-8001|Edtech
IND-8002|Higher Education
IND-8003|K-12 Schools
IND-8004|Online Learning Platforms
IND-8005|Corporate Training
IND-8006|Language Learning
IND-8007|Tutoring & Test Prep
IND-8008|Coding Bootcamps & Tech Training
IND-8009|Early Childhood Education
IND-8010|Vocational & Trade Schools
# Professional Services
IND-8101|Management Consulting
IND-8102|Accounting & Audit
IND-8103|Tax Services
IND-8104|Law Firms
IND-8105|Staffing
IND-8106|Recruitment & Executive Search
IND-8107|HR & Payroll Services
IND-8108|Engineering Services
IND-8109|Translation & Localization
IND-8111|Security Services
IND-8112|Cleaning & Janitorial Services
IND-8113|Risk & Compliance Consulting
IND-8114|Research & Advisory
IND-8115|Freelance & Talent Marketplaces
IND-8116|Intellectual Property Services
# Agriculture & Natural Resources
IND-8501|Agriculture
IND-8502|Livestock & Dairy
IND-8503|AgTech
IND-8504|Controlled Environment Agriculture
IND-8505|Fishing & Aquaculture
IND-8506|Forestry & Timber
IND-8507|Agricultural Machinery
IND-8508|Fertilizers & Crop Protection
IND-8509|Agricultural Commodities
IND-8510|Mining
IND-8511|Critical Minerals
IND-8512|Coal & Aggregates
IND-8513|Chemicals
IND-8514|Specialty Chemicals
IND-8515|Steel & Metals
IND-8516|Paper & Forest Products
IND-8517|Cement, Glass & Building Materials
IND-8518|Advanced Materials
# Public Sector & Nonprofit
IND-9001|Nonprofit
IND-9002|Government Services
IND-9003|Local Government
IND-9004|Defense & Military
IND-9005|Foundations & Philanthropy
IND-9006|Religious Organizations
IND-9007|Associations & Membership Organizations
IND-9008|Think Tanks & Research Institutes
IND-9009|International Development & NGOs
IND-9010|Social Services
IND-9011|Museums & Cultural Institutions
IND-9012|Public Safety & Emergency Services
IND-9013|Political Organizations & Advocacy
`;

function parse(text: string): IndustrySector[] {
  const sectors: { name: string; industries: IndustryLeaf[] }[] = [];
  for (const line of text.split('\n')) {
    if (line.startsWith('# ')) sectors.push({ name: line.slice(2), industries: [] });
    else if (line.includes('|')) {
      const [code, name] = line.split('|') as [string, string];
      sectors.at(-1)?.industries.push({ code, name });
    }
  }
  return sectors.map((s) => ({ code: s.industries[0]!.code.slice(0, 'IND-00'.length), ...s }));
}

/** Every sector in taxonomy order, each with its industries. */
export const INDUSTRY_TREE: readonly IndustrySector[] = parse(TABLE);
