/*
 * Word lists for generated names. Domain names combine them the way real registrations do
 * (bakery-gent, bluefox, jansen-bouw, café-lumière); people get first and last names of their country.
 */

const list = (text: string): readonly string[] => text.trim().split(/\s+/);

export const adjectives = list(`
  able active agile amber ancient arctic atomic autumn azure bold brave bright brilliant brisk broad bronze calm
  central cheerful clean clear clever cloud coastal cold cool cosmic cozy crisp crystal curious daily dark deep
  digital direct divine double dream dynamic early east easy eco elegant electric elite emerald epic equal eternal
  express fair famous fancy fast fine first flat fluid flying fresh friendly front full future galaxy gentle giant
  global gold golden good grand great green happy hidden high holy honest hot humble hyper ideal infinite inner
  instant iron jolly keen kind large last late light little live local lone long loud lovely loyal lucky lunar
  magic main major marine master mega merry metro micro mighty mild modern morning native neat new next nice
  noble north nova open orange organic pacific pale perfect pink pixel plain polar premium prime pro proud pure
  quick quiet radiant rapid rare real red regal rich right rising robust royal ruby rural rustic safe sharp shiny
  silent silver simple slim smart smooth snow social solar solid sonic south spare special speedy spring square
  stable star steady steel still stone strong sunny super sweet swift tall tidy tiny top total true turbo ultra
  unique united urban vast velvet vital vivid warm west white wild wise wonder young zen
`);

export const nouns = list(`
  academy access advice agency air alarm album anchor angel apple arch archive arena armor art atlas audio auto
  bakery bank bar barber base basket bay beach bean bear beauty bee bell bike bird bistro board boat book boutique
  box brand bread brew brick bridge brother build burger butcher cabin cafe cake camera camp candle canvas capital
  car cargo care carpet castle cat cellar center chain chair chef cherry chess chip church cinema circle city clinic
  clock cloth cloud club coach coast code coffee coin college comfort concept connect construct cook copy corner
  cottage craft crane creative crew crown cube culture cup cycle dance data deal deli dental design desk dev diamond
  diner doctor dog dome door dragon drive drone dune eagle earth echo edge energy engine estate event expert fabric
  factory family farm fashion feather field film finance fire fish fitness flag flame fleet flower fly focus food
  forest forge fort fox frame fruit fuel fun furniture garage garden gate gear gift glass global globe golf grain
  graphic grill group guard guide guitar hair hall harbor haven hawk health heart hill hive home honey horizon horse
  host hotel house hub idea image immo impact ink insight invest island jazz jewel job journal juice jungle key
  kitchen kite lab lake lamp land lane law leaf learn legal lens letter library life light lime line link lion loft
  logic loop lounge machine maker mall map market media medic meadow mill mind mobile money moon motion motor
  mountain move music nest net network news night note ocean office oil olive orbit orchard owl pack paint palace
  panda paper park partner party path pearl pepper pet pharma phone photo piano pilot pine pixel pizza planet plant
  plaza point pond port post power print project pub pulse quest radio rail rain ranch realty recipe repair resort
  river road robot rock roof room root rose route royal sail salon salt sand school science sea seed service shape
  shoe shop signal silk sky smile soap soft solution sound space spark spice sport spot square stage star station
  steel stock stone store storm studio style sugar summit sun supply surf system table tailor taxi tea team tech
  tile timber tool tower town toy track trade trail train travel tree trend tribe truck trust tube tune valley van
  vault venture verde view villa vine vision voice wave way web wheel wind window wine wing wood wool work world yard
  yoga zone
`);

/** Dutch, French and German business words, common in names under a Belgian-style TLD. */
export const localNouns = list(`
  bakkerij bouw brouwerij fietsen kapper keuken makelaar schilder slagerij tandarts tuin verzekering vastgoed
  winkel zorg advocaat apotheek bloemen boekhouding dakwerken elektro garage immo loodgieter notaris opvang
  boulangerie boucherie coiffure cuisine fleurs jardin maison menuiserie pharmacie toiture vins voyage atelier
  bauernhof handwerk reisen
`);

export const places = list(`
  aalst antwerpen arlon ath brugge brussel bruxelles charleroi damme deinze dendermonde diest dinant eupen genk
  gent geel halle hasselt herentals ieper knokke kortrijk leuven liege lier lokeren mechelen mons namur nivelles
  oostende oudenaarde roeselare ronse sintniklaas spa tienen tongeren tournai turnhout verviers waregem waterloo
  wavre zottegem amsterdam rotterdam utrecht lille paris lyon koeln aachen luxembourg london berlin madrid milano
  wien zurich geneve porto lisboa praha krakow dublin oslo stockholm
`);

/** Words with non-ASCII letters, for internationalised names. */
export const idnWords = list(`
  café crème brûlée élève été fête forêt garçon hôtel naïve noël pâtisserie père rêve théâtre façade français
  château brasserie-à crêpe déjà-vu bücher düsseldorf grün größe köln küche löwe müller münchen schön straße
  süß zürich über ökologie één geëerd coördinatie reünie ruïne skiën björk søren ærø kraków łódź señor
  español niño mañana açaí são-paulo ångström
`);

export const tlds = list('com net org eu io nl fr de');

export interface PeopleNames {
  first: readonly string[];
  last: readonly string[];
}

export const peopleNames: Record<string, PeopleNames> = {
  nl: {
    first: list('Jan Pieter Koen Wouter Bram Thomas Lucas Elise Sofie Lotte Anke Griet Marieke Eva Noor Lies Jef Stijn Tom Hanne'),
    last: list(
      'Peeters Janssens Maes Jacobs Mertens Willems Claes Goossens Wouters DeSmet Vermeulen Dubois DeVries Bakker Visser Smit Mulder DeBoer Dekker Hendriks',
    ),
  },
  fr: {
    first: list('Jean Pierre Louis Camille Chloé Manon Julien Antoine Élodie Hélène François Amélie Théo Léa Inès Benoît Céline Noémie Hugo Zoé'),
    last: list(
      'Lambert Dupont Martin Simon Laurent Leclercq Lefèvre Renard Fontaine Girard Moreau Bernard Rousseau Mercier Blanc Garnier Chevalier Morel Gauthier Perrin',
    ),
  },
  de: {
    first: list('Lukas Jonas Leon Finn Anna Lena Marie Sophie Felix Paul Jürgen Günter Sabine Jörg Katharina Matthias Uwe Petra Stefan Ute'),
    last: list(
      'Müller Schmidt Schneider Fischer Weber Meyer Wagner Becker Schulz Hoffmann Schäfer Koch Bauer Richter Klein Wolf Schröder Neumann Zimmermann Krüger',
    ),
  },
  en: {
    first: list('Oliver Amelia George Isla Harry Emily Jack Olivia Charlie Grace James Emma Michael Sarah David Laura Daniel Hannah Ryan Chloe'),
    last: list('Smith Jones Taylor Brown Williams Wilson Johnson Davies Robinson Wright Thompson Evans Walker White Roberts Green Hall Wood Clarke Murphy'),
  },
  es: {
    first: list('Lucía Hugo Martina Mateo Sofía Pablo Alejandro Carmen Javier Paula Álvaro Elena Diego Marta Sergio'),
    last: list('García Fernández González Rodríguez López Martínez Sánchez Pérez Gómez Martín Jiménez Ruiz Hernández Díaz Moreno'),
  },
  it: {
    first: list('Giulia Francesco Alessandro Sofia Lorenzo Chiara Matteo Federica Andrea Martina Luca Giorgia Marco Sara Davide'),
    last: list('Rossi Russo Ferrari Esposito Bianchi Romano Colombo Ricci Marino Greco Bruno Gallo Conti DeLuca Costa'),
  },
  pl: {
    first: list('Jakub Kacper Zuzanna Julia Łukasz Michał Agnieszka Małgorzata Piotr Katarzyna Tomasz Anna'),
    last: list('Nowak Kowalski Wiśniewski Wójcik Kowalczyk Kamiński Lewandowski Zieliński Szymański Woźniak'),
  },
  sv: {
    first: list('Erik Lars Karl Anders Johan Anna Maria Eva Karin Sara Björn Åsa'),
    last: list('Andersson Johansson Karlsson Nilsson Eriksson Larsson Olsson Persson Svensson Gustafsson'),
  },
  ja: {
    first: list('Haruto Yui Sota Hina Yuto Aoi Riku Sakura Ren Mio'),
    last: list('Sato Suzuki Takahashi Tanaka Watanabe Ito Yamamoto Nakamura Kobayashi Kato'),
  },
};

export const companySuffixes: Record<string, readonly string[]> = {
  BE: ['BV', 'NV', 'SRL', 'SA', 'VZW', 'CommV'],
  NL: ['B.V.', 'N.V.', 'V.O.F.'],
  FR: ['SARL', 'SAS', 'SA', 'EURL'],
  LU: ['S.à r.l.', 'S.A.'],
  DE: ['GmbH', 'AG', 'KG', 'UG'],
  AT: ['GmbH', 'AG'],
  CH: ['AG', 'GmbH', 'SA'],
  GB: ['Ltd', 'PLC', 'LLP'],
  IE: ['Ltd', 'DAC'],
  US: ['Inc.', 'LLC', 'Corp.'],
  CA: ['Inc.', 'Ltd.'],
  ES: ['S.L.', 'S.A.'],
  IT: ['S.r.l.', 'S.p.A.'],
  PL: ['sp. z o.o.', 'S.A.'],
  SE: ['AB'],
  DK: ['ApS', 'A/S'],
  JP: ['K.K.', 'G.K.'],
  AU: ['Pty Ltd'],
  PT: ['Lda.', 'S.A.'],
};
