/**
 * Real, well-known investor firms. They are companies of the dataset (in an investor industry) and
 * every funding round names investors by their `uuid`; generated smaller funds join them (plan.ts).
 * Name, domain, HQ country, founding year, listing and parent are real; team size and the portfolio
 * in the data are generated. Kinds beyond those listed here (family offices, hedge funds, asset
 * managers, pension funds, investment banks) appear among the generated investors.
 */
import type { OwnershipCode } from './anchors';

/** What an investor does; decides the rounds it joins and its taxonomy industry. */
export type InvestorKind =
  | 'accelerator'
  | 'angel'
  | 'seed'
  | 'venture'
  | 'growth'
  | 'private_equity'
  | 'corporate'
  | 'debt'
  | 'sovereign'
  | 'public_agency'
  | 'family_office'
  | 'hedge_fund'
  | 'asset_manager'
  | 'pension'
  | 'investment_bank';

export type InvestorSpec = {
  name: string;
  domain: string;
  country: string;
  kind: InvestorKind;
  founded: number;
  employees: number;
  /** 1 household name, 2 well known, 3 regional; weights how often it joins rounds. */
  tier: 1 | 2 | 3;
  listed?: number;
  ownership?: OwnershipCode;
  /** Parent company (an anchor or another investor, by name). */
  parent?: string;
  website?: string;
};

type Extra = Pick<InvestorSpec, 'listed' | 'ownership' | 'parent' | 'website'>;

function inv(
  name: string,
  domain: string,
  country: string,
  kind: InvestorKind,
  founded: number,
  employees: number,
  tier: 1 | 2 | 3,
  extra: Extra = {},
): InvestorSpec {
  return { name, domain, country, kind, founded, employees, tier, ...extra };
}

export const INVESTORS: readonly InvestorSpec[] = [
  // United States: venture
  inv('Sequoia Capital', 'sequoiacap.com', 'USA', 'venture', 1972, 250, 1),
  inv('Accel', 'accel.com', 'USA', 'venture', 1983, 200, 1),
  inv('Andreessen Horowitz', 'a16z.com', 'USA', 'venture', 2009, 600, 1),
  inv('Benchmark', 'benchmark.com', 'USA', 'venture', 1995, 30, 1),
  inv('Lightspeed Venture Partners', 'lsvp.com', 'USA', 'venture', 2000, 250, 1),
  inv('General Catalyst', 'generalcatalyst.com', 'USA', 'venture', 2000, 300, 1),
  inv('Kleiner Perkins', 'kleinerperkins.com', 'USA', 'venture', 1972, 80, 1),
  inv('Greylock Partners', 'greylock.com', 'USA', 'venture', 1965, 90, 1),
  inv('Bessemer Venture Partners', 'bvp.com', 'USA', 'venture', 1911, 200, 1),
  inv('Founders Fund', 'foundersfund.com', 'USA', 'venture', 2005, 80, 1),
  inv('Khosla Ventures', 'khoslaventures.com', 'USA', 'venture', 2004, 100, 1),
  inv('NEA', 'nea.com', 'USA', 'venture', 1977, 250, 1),
  inv('Battery Ventures', 'battery.com', 'USA', 'venture', 1983, 150, 2),
  inv('Redpoint Ventures', 'redpoint.com', 'USA', 'venture', 1999, 70, 2),
  inv('IVP', 'ivp.com', 'USA', 'growth', 1980, 70, 2),
  inv('Thrive Capital', 'thrivecap.com', 'USA', 'venture', 2009, 60, 1),
  inv('Union Square Ventures', 'usv.com', 'USA', 'venture', 2003, 30, 2),
  inv('First Round Capital', 'firstround.com', 'USA', 'seed', 2004, 50, 2),
  inv('Spark Capital', 'sparkcapital.com', 'USA', 'venture', 2005, 50, 2),
  inv('Felicis', 'felicis.com', 'USA', 'venture', 2006, 50, 2),
  inv('CRV', 'crv.com', 'USA', 'venture', 1970, 60, 2),
  inv('Emergence Capital', 'emcap.com', 'USA', 'venture', 2003, 40, 2),
  inv('Menlo Ventures', 'menlovc.com', 'USA', 'venture', 1976, 60, 2),
  inv('Mayfield', 'mayfield.com', 'USA', 'venture', 1969, 50, 2),
  inv('Norwest Venture Partners', 'nvp.com', 'USA', 'venture', 1961, 80, 2),
  inv('Ribbit Capital', 'ribbitcap.com', 'USA', 'venture', 2012, 30, 2),
  inv('QED Investors', 'qedinvestors.com', 'USA', 'venture', 2007, 50, 2),
  inv('Lux Capital', 'luxcapital.com', 'USA', 'venture', 2000, 50, 2),
  inv('8VC', '8vc.com', 'USA', 'venture', 2015, 60, 2),
  inv('Craft Ventures', 'craftventures.com', 'USA', 'venture', 2017, 40, 2),
  inv('Sapphire Ventures', 'sapphireventures.com', 'USA', 'growth', 2011, 60, 2),
  inv('Meritech Capital', 'meritechcapital.com', 'USA', 'growth', 1999, 30, 2),
  inv('Notable Capital', 'notablecap.com', 'USA', 'venture', 2000, 50, 2),
  inv('Initialized Capital', 'initialized.com', 'USA', 'seed', 2011, 30, 3),
  inv('SV Angel', 'svangel.com', 'USA', 'seed', 2009, 15, 2),
  inv('Valor Capital Group', 'valorcapitalgroup.com', 'USA', 'venture', 2011, 30, 3),
  // United States: growth and crossover
  inv('Insight Partners', 'insightpartners.com', 'USA', 'growth', 1995, 450, 1),
  inv('Tiger Global Management', 'tigerglobal.com', 'USA', 'growth', 2001, 200, 1),
  inv('Coatue Management', 'coatue.com', 'USA', 'growth', 1999, 250, 1),
  inv('ICONIQ Growth', 'iconiqcapital.com', 'USA', 'growth', 2011, 200, 2),
  inv('Dragoneer Investment Group', 'dragoneer.com', 'USA', 'growth', 2012, 50, 2),
  inv('Altimeter Capital', 'altimeter.com', 'USA', 'growth', 2008, 50, 2),
  inv('General Atlantic', 'generalatlantic.com', 'USA', 'growth', 1980, 400, 1),
  inv('Summit Partners', 'summitpartners.com', 'USA', 'growth', 1984, 200, 2),
  inv('TA Associates', 'ta.com', 'USA', 'private_equity', 1968, 250, 2),
  // Accelerators and angels
  inv('Y Combinator', 'ycombinator.com', 'USA', 'accelerator', 2005, 150, 1),
  inv('Techstars', 'techstars.com', 'USA', 'accelerator', 2006, 400, 1),
  inv('500 Global', '500.co', 'USA', 'accelerator', 2010, 200, 2, { website: 'https://500.co' }),
  inv('Plug and Play Tech Center', 'plugandplaytechcenter.com', 'USA', 'accelerator', 2006, 500, 2),
  inv('Entrepreneur First', 'joinef.com', 'GBR', 'accelerator', 2011, 150, 2),
  inv('Antler', 'antler.co', 'SGP', 'accelerator', 2017, 300, 2),
  inv('Seedcamp', 'seedcamp.com', 'GBR', 'accelerator', 2007, 30, 2),
  inv('Tech Coast Angels', 'techcoastangels.com', 'USA', 'angel', 1997, 15, 3),
  inv('Band of Angels', 'bandangels.com', 'USA', 'angel', 1994, 10, 3),
  inv('Keiretsu Forum', 'keiretsuforum.com', 'USA', 'angel', 2000, 40, 3),
  inv('Golden Seeds', 'goldenseeds.com', 'USA', 'angel', 2004, 20, 3),
  inv('Angel Investment Network', 'angelinvestmentnetwork.co.uk', 'GBR', 'angel', 2004, 25, 3),
  // Corporate venture capital
  inv('GV', 'gv.com', 'USA', 'corporate', 2009, 120, 1, { ownership: 'corporate_owned', parent: 'Alphabet' }),
  inv('CapitalG', 'capitalg.com', 'USA', 'corporate', 2013, 40, 2, {
    ownership: 'corporate_owned',
    parent: 'Alphabet',
  }),
  inv('Intel Capital', 'intelcapital.com', 'USA', 'corporate', 1991, 100, 1, {
    ownership: 'corporate_owned',
    parent: 'Intel',
  }),
  inv('Salesforce Ventures', 'salesforceventures.com', 'USA', 'corporate', 2009, 80, 1, {
    ownership: 'corporate_owned',
    parent: 'Salesforce',
  }),
  inv('M12', 'm12.vc', 'USA', 'corporate', 2016, 40, 2, {
    ownership: 'corporate_owned',
    parent: 'Microsoft',
  }),
  inv('Qualcomm Ventures', 'qualcommventures.com', 'USA', 'corporate', 2000, 40, 2, {
    ownership: 'corporate_owned',
    parent: 'Qualcomm',
  }),
  inv('Comcast Ventures', 'comcastventures.com', 'USA', 'corporate', 1999, 30, 3, {
    ownership: 'corporate_owned',
    parent: 'Comcast',
  }),
  inv('Cisco Investments', 'ciscoinvestments.com', 'USA', 'corporate', 1995, 30, 3, {
    ownership: 'corporate_owned',
    parent: 'Cisco',
  }),
  inv('SoftBank Vision Fund', 'visionfund.com', 'GBR', 'growth', 2017, 400, 1, {
    ownership: 'corporate_owned',
    parent: 'SoftBank Group',
  }),
  inv('EQT Ventures', 'eqtventures.com', 'SWE', 'venture', 2016, 60, 2, {
    ownership: 'corporate_owned',
    parent: 'EQT',
  }),
  // Private equity
  inv('KKR', 'kkr.com', 'USA', 'private_equity', 1976, 4800, 1, { listed: 2010 }),
  inv('Blackstone', 'blackstone.com', 'USA', 'private_equity', 1985, 4900, 1, { listed: 2007 }),
  inv('Thoma Bravo', 'thomabravo.com', 'USA', 'private_equity', 2008, 250, 1),
  inv('Vista Equity Partners', 'vistaequitypartners.com', 'USA', 'private_equity', 2000, 600, 1),
  inv('Silver Lake', 'silverlake.com', 'USA', 'private_equity', 1999, 350, 1),
  inv('Carlyle Group', 'carlyle.com', 'USA', 'private_equity', 1987, 2200, 1, { listed: 2012 }),
  inv('Apollo Global Management', 'apollo.com', 'USA', 'private_equity', 1990, 5000, 1, { listed: 2011 }),
  inv('TPG', 'tpg.com', 'USA', 'private_equity', 1992, 1900, 1, { listed: 2022 }),
  inv('Warburg Pincus', 'warburgpincus.com', 'USA', 'private_equity', 1966, 700, 1),
  inv('Advent International', 'adventinternational.com', 'USA', 'private_equity', 1984, 600, 2),
  inv('Hellman & Friedman', 'hf.com', 'USA', 'private_equity', 1984, 150, 2),
  inv('Bain Capital', 'baincapital.com', 'USA', 'private_equity', 1984, 1800, 1),
  inv('Francisco Partners', 'franciscopartners.com', 'USA', 'private_equity', 1999, 200, 2),
  inv('Permira', 'permira.com', 'GBR', 'private_equity', 1985, 500, 1),
  inv('CVC Capital Partners', 'cvc.com', 'LUX', 'private_equity', 1981, 1200, 1, { listed: 2024 }),
  inv('EQT', 'eqtgroup.com', 'SWE', 'private_equity', 1994, 1900, 1, { listed: 2019 }),
  inv('Cinven', 'cinven.com', 'GBR', 'private_equity', 1977, 300, 2),
  inv('Hg', 'hgcapital.com', 'GBR', 'private_equity', 2000, 400, 2),
  inv('Partners Group', 'partnersgroup.com', 'CHE', 'private_equity', 1996, 1800, 2, { listed: 2006 }),
  inv('Ardian', 'ardian.com', 'FRA', 'private_equity', 1996, 1000, 2),
  inv('Eurazeo', 'eurazeo.com', 'FRA', 'private_equity', 1969, 400, 2, { listed: 1990 }),
  inv('3i Group', '3i.com', 'GBR', 'private_equity', 1945, 250, 2, { listed: 1994 }),
  // Debt
  inv('Hercules Capital', 'htgc.com', 'USA', 'debt', 2003, 100, 2, { listed: 2005 }),
  inv('TriplePoint Capital', 'triplepointcapital.com', 'USA', 'debt', 2006, 60, 3),
  inv('Runway Growth Capital', 'runwaygrowth.com', 'USA', 'debt', 2015, 30, 3),
  inv('Kreos Capital', 'kreoscapital.com', 'GBR', 'debt', 1998, 40, 3, {
    ownership: 'corporate_owned',
    parent: 'BlackRock',
  }),
  // Sovereign and public
  inv('Temasek', 'temasek.com.sg', 'SGP', 'sovereign', 1974, 900, 1, { ownership: 'state_government_owned' }),
  inv('GIC', 'gic.com.sg', 'SGP', 'sovereign', 1981, 2000, 1, { ownership: 'state_government_owned' }),
  inv('Mubadala', 'mubadala.com', 'ARE', 'sovereign', 2002, 1600, 1, { ownership: 'state_government_owned' }),
  inv('Bpifrance', 'bpifrance.fr', 'FRA', 'public_agency', 2012, 3500, 2, {
    ownership: 'state_government_owned',
  }),
  inv('High-Tech Gründerfonds', 'htgf.de', 'DEU', 'public_agency', 2005, 90, 2, {
    ownership: 'state_government_owned',
  }),
  inv('BDC Capital', 'bdc.ca', 'CAN', 'public_agency', 1944, 2500, 3, {
    ownership: 'state_government_owned',
  }),
  inv('Prosus', 'prosus.com', 'NLD', 'corporate', 2019, 200, 2, { listed: 2019, parent: 'Naspers' }),
  inv('Kinnevik', 'kinnevik.com', 'SWE', 'growth', 1936, 60, 2, { listed: 1990 }),
  // Europe: venture
  inv('Index Ventures', 'indexventures.com', 'GBR', 'venture', 1996, 150, 1),
  inv('Balderton Capital', 'balderton.com', 'GBR', 'venture', 2000, 60, 1),
  inv('Atomico', 'atomico.com', 'GBR', 'venture', 2006, 80, 1),
  inv('Northzone', 'northzone.com', 'SWE', 'venture', 1996, 50, 1),
  inv('LocalGlobe', 'localglobe.vc', 'GBR', 'seed', 2015, 30, 2),
  inv('Notion Capital', 'notion.vc', 'GBR', 'venture', 2009, 30, 2),
  inv('Octopus Ventures', 'octopusventures.com', 'GBR', 'venture', 2007, 60, 2),
  inv('Molten Ventures', 'moltenventures.com', 'GBR', 'venture', 2006, 60, 2, { listed: 2016 }),
  inv('Dawn Capital', 'dawncapital.com', 'GBR', 'venture', 2007, 30, 2),
  inv('Highland Europe', 'highlandeurope.com', 'GBR', 'growth', 2012, 30, 2),
  inv('TLcom Capital', 'tlcomcapital.com', 'GBR', 'venture', 1999, 25, 3),
  inv('Creandum', 'creandum.com', 'SWE', 'venture', 2003, 40, 1),
  inv('Point Nine', 'pointnine.com', 'DEU', 'seed', 2011, 30, 2),
  inv('HV Capital', 'hvcapital.com', 'DEU', 'venture', 2000, 40, 1),
  inv('Earlybird', 'earlybird.com', 'DEU', 'venture', 1997, 50, 1),
  inv('Cherry Ventures', 'cherry.vc', 'DEU', 'seed', 2012, 30, 2),
  inv('Project A', 'project-a.com', 'DEU', 'venture', 2012, 100, 2),
  inv('Global Founders Capital', 'globalfounders.vc', 'DEU', 'venture', 2013, 20, 2),
  inv('Rocket Internet', 'rocket-internet.com', 'DEU', 'venture', 2007, 200, 2),
  inv('Lakestar', 'lakestar.com', 'CHE', 'venture', 2012, 40, 2),
  inv('Redalpine', 'redalpine.com', 'CHE', 'venture', 2007, 20, 3),
  inv('Speedinvest', 'speedinvest.com', 'AUT', 'seed', 2011, 100, 2),
  inv('Partech', 'partechpartners.com', 'FRA', 'venture', 1982, 80, 1),
  inv('Elaia', 'elaia.com', 'FRA', 'venture', 2002, 30, 3),
  inv('Kima Ventures', 'kimaventures.com', 'FRA', 'seed', 2010, 10, 2),
  inv('Alven', 'alven.co', 'FRA', 'venture', 2000, 30, 3),
  inv('Daphni', 'daphni.com', 'FRA', 'venture', 2015, 30, 3),
  inv('Serena', 'serena.vc', 'FRA', 'venture', 2008, 30, 3),
  inv('Prime Ventures', 'primevc.com', 'NLD', 'venture', 1999, 20, 3),
  inv('Peak', 'peak.capital', 'NLD', 'seed', 2017, 20, 3),
  inv('Maki.vc', 'maki.vc', 'FIN', 'seed', 2018, 20, 3),
  inv('Lifeline Ventures', 'lifelineventures.com', 'FIN', 'seed', 2009, 15, 3),
  inv('Inventure', 'inventure.fi', 'FIN', 'venture', 2005, 15, 3),
  inv('byFounders', 'byfounders.vc', 'DNK', 'seed', 2015, 20, 3),
  inv('Seed Capital', 'seedcapital.dk', 'DNK', 'seed', 2008, 20, 3),
  inv('Seaya', 'seaya.vc', 'ESP', 'venture', 2013, 25, 3),
  inv('Kfund', 'kfund.vc', 'ESP', 'venture', 2012, 25, 3),
  inv('P101', 'p101.it', 'ITA', 'venture', 2013, 20, 3),
  // Israel
  inv('Pitango', 'pitango.com', 'ISR', 'venture', 1993, 40, 2),
  inv('Viola Ventures', 'viola-group.com', 'ISR', 'venture', 2000, 40, 3),
  inv('Team8', 'team8.vc', 'ISR', 'venture', 2014, 150, 2),
  inv('Aleph', 'aleph.vc', 'ISR', 'seed', 2013, 20, 3),
  inv('Cyberstarts', 'cyberstarts.com', 'ISR', 'seed', 2018, 15, 2),
  inv('Glilot Capital Partners', 'glilotcapital.com', 'ISR', 'seed', 2011, 15, 3),
  // Asia-Pacific
  inv('Peak XV Partners', 'peakxv.com', 'IND', 'venture', 2006, 150, 1),
  inv('Nexus Venture Partners', 'nexusvp.com', 'IND', 'venture', 2006, 50, 2),
  inv('Blume Ventures', 'blume.vc', 'IND', 'seed', 2010, 50, 2),
  inv('Kalaari Capital', 'kalaari.com', 'IND', 'venture', 2006, 30, 3),
  inv('Elevation Capital', 'elevationcapital.com', 'IND', 'venture', 2002, 50, 2),
  inv('Chiratae Ventures', 'chiratae.com', 'IND', 'venture', 2006, 40, 3),
  inv('HongShan', 'hongshan.com', 'CHN', 'venture', 2005, 300, 1),
  inv('Hillhouse Investment', 'hillhouseinvestment.com', 'CHN', 'growth', 2005, 500, 1),
  inv('Qiming Venture Partners', 'qimingvc.com', 'CHN', 'venture', 2006, 150, 2),
  inv('Granite Asia', 'graniteasia.com', 'SGP', 'venture', 2000, 60, 2),
  inv('Vertex Ventures', 'vertexventures.com', 'SGP', 'venture', 1988, 80, 2, {
    ownership: 'corporate_owned',
    parent: 'Temasek',
  }),
  inv('East Ventures', 'east.vc', 'IDN', 'seed', 2009, 60, 2),
  inv('Openspace Ventures', 'openspace.vc', 'SGP', 'venture', 2014, 30, 3),
  inv('Jungle Ventures', 'jungle.vc', 'SGP', 'venture', 2012, 40, 3),
  inv("Monk's Hill Ventures", 'monkshill.com', 'SGP', 'seed', 2014, 20, 3),
  inv('JAFCO', 'jafco.co.jp', 'JPN', 'venture', 1973, 150, 2, { listed: 1987 }),
  inv('Global Brain', 'globalbrains.com', 'JPN', 'venture', 1998, 80, 3),
  inv('Coral Capital', 'coralcap.co', 'JPN', 'seed', 2016, 15, 3),
  inv('Altos Ventures', 'altos.vc', 'KOR', 'venture', 1996, 20, 3),
  inv('SBVA', 'sbva.com', 'KOR', 'venture', 2000, 50, 3),
  inv('Blackbird Ventures', 'blackbird.vc', 'AUS', 'venture', 2012, 50, 2),
  inv('Square Peg Capital', 'squarepeg.vc', 'AUS', 'venture', 2012, 40, 2),
  inv('AirTree Ventures', 'airtree.vc', 'AUS', 'venture', 2014, 40, 2),
  inv('Main Sequence', 'mseq.vc', 'AUS', 'venture', 2017, 30, 3),
  // Americas outside the US, Africa, Middle East
  inv('OMERS Ventures', 'omersventures.com', 'CAN', 'venture', 2011, 30, 3),
  inv('Inovia Capital', 'inovia.vc', 'CAN', 'venture', 2007, 60, 2),
  inv('Georgian', 'georgian.io', 'CAN', 'growth', 2008, 80, 2),
  inv('Radical Ventures', 'radical.vc', 'CAN', 'venture', 2017, 40, 2),
  inv('Kaszek', 'kaszek.com', 'BRA', 'venture', 2011, 40, 2),
  inv('monashees', 'monashees.com', 'BRA', 'venture', 2005, 30, 3),
  inv('Canary', 'canary.com.br', 'BRA', 'seed', 2017, 20, 3),
  inv('ALLVP', 'allvp.vc', 'MEX', 'venture', 2012, 20, 3),
  inv('Future Africa', 'futureafrica.com', 'NGA', 'seed', 2020, 15, 3),
  inv('BECO Capital', 'becocapital.com', 'ARE', 'venture', 2012, 20, 3),
  inv('Global Ventures', 'global.vc', 'ARE', 'venture', 2018, 20, 3),
  inv('STV', 'stv.vc', 'SAU', 'venture', 2017, 40, 3),
];
