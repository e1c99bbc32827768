/*
 * Countries with real cities, postal codes and street names, so generated addresses look like
 * addresses of that country (house number before or after the street, region where one is used).
 */

export interface City {
  name: string;
  postalCode: string;
  region?: string;
}

export interface Country {
  code: string;
  /** Key into `peopleNames`. */
  language: string;
  phonePrefix: string;
  /** Digits after the country code in a phone number. */
  phoneDigits: number;
  numberFirst: boolean;
  cities: readonly City[];
  streets: readonly string[];
  /** Relative share of contacts from this country. */
  weight: number;
}

const cities = (text: string): City[] =>
  text
    .trim()
    .split(';')
    .map((entry) => {
      const [postalCode = '', name = '', region] = entry.split('|').map((part) => part.trim());
      return region ? { name, postalCode, region } : { name, postalCode };
    });

const streets = (text: string): string[] =>
  text
    .trim()
    .split(';')
    .map((s) => s.trim());

export const countries: readonly Country[] = [
  {
    code: 'BE',
    language: 'nl',
    phonePrefix: '32',
    phoneDigits: 8,
    numberFirst: false,
    weight: 40,
    cities: cities(
      '1000|Brussel|Brussels Hoofdstedelijk Gewest; 1050|Ixelles|Région de Bruxelles-Capitale; 2000|Antwerpen|Antwerpen; 9000|Gent|Oost-Vlaanderen; 8000|Brugge|West-Vlaanderen; 3000|Leuven|Vlaams-Brabant; 3500|Hasselt|Limburg; 2800|Mechelen|Antwerpen; 4000|Liège|Liège; 5000|Namur|Namur; 6000|Charleroi|Hainaut; 7000|Mons|Hainaut; 1300|Wavre|Brabant wallon; 8500|Kortrijk|West-Vlaanderen; 8400|Oostende|West-Vlaanderen; 4700|Eupen|Liège; 6700|Arlon|Luxembourg',
    ),
    streets: streets(
      'Kerkstraat; Stationsstraat; Dorpsstraat; Molenstraat; Nieuwstraat; Rue de la Loi; Avenue Louise; Rue Neuve; Chaussée de Wavre; Meir; Veldstraat; Diestsestraat; Boulevard Anspach; Rue des Carmes; Grote Markt',
    ),
  },
  {
    code: 'NL',
    language: 'nl',
    phonePrefix: '31',
    phoneDigits: 9,
    numberFirst: false,
    weight: 12,
    cities: cities(
      '1012 AB|Amsterdam|Noord-Holland; 3011 AD|Rotterdam|Zuid-Holland; 3511 AX|Utrecht|Utrecht; 2511 CV|Den Haag|Zuid-Holland; 5611 AZ|Eindhoven|Noord-Brabant; 9711 LM|Groningen|Groningen; 6211 CK|Maastricht|Limburg',
    ),
    streets: streets('Herengracht; Keizersgracht; Coolsingel; Oudegracht; Lange Voorhout; Stratumseind; Vrijthof; Damrak; Kalverstraat'),
  },
  {
    code: 'FR',
    language: 'fr',
    phonePrefix: '33',
    phoneDigits: 9,
    numberFirst: true,
    weight: 10,
    cities: cities(
      '75008|Paris|Île-de-France; 69002|Lyon|Auvergne-Rhône-Alpes; 59000|Lille|Hauts-de-France; 13001|Marseille|Provence-Alpes-Côte d’Azur; 33000|Bordeaux|Nouvelle-Aquitaine; 67000|Strasbourg|Grand Est; 44000|Nantes|Pays de la Loire',
    ),
    streets: streets(
      'rue de Rivoli; avenue des Champs-Élysées; rue de la République; boulevard Haussmann; rue Nationale; place Bellecour; quai des Chartrons; rue Sainte-Catherine',
    ),
  },
  {
    code: 'LU',
    language: 'fr',
    phonePrefix: '352',
    phoneDigits: 8,
    numberFirst: true,
    weight: 3,
    cities: cities('L-1118|Luxembourg; L-4002|Esch-sur-Alzette; L-9011|Ettelbruck'),
    streets: streets('rue de l’Aciérie; boulevard Royal; Grand-Rue; avenue de la Liberté; route d’Arlon'),
  },
  {
    code: 'DE',
    language: 'de',
    phonePrefix: '49',
    phoneDigits: 10,
    numberFirst: false,
    weight: 8,
    cities: cities(
      '10117|Berlin|Berlin; 50667|Köln|Nordrhein-Westfalen; 52062|Aachen|Nordrhein-Westfalen; 80331|München|Bayern; 20095|Hamburg|Hamburg; 60311|Frankfurt am Main|Hessen; 70173|Stuttgart|Baden-Württemberg',
    ),
    streets: streets('Hauptstraße; Bahnhofstraße; Schillerstraße; Goethestraße; Königsallee; Marienplatz; Friedrichstraße; Kurfürstendamm; Lindenstraße'),
  },
  {
    code: 'AT',
    language: 'de',
    phonePrefix: '43',
    phoneDigits: 10,
    numberFirst: false,
    weight: 1,
    cities: cities('1010|Wien|Wien; 5020|Salzburg|Salzburg; 8010|Graz|Steiermark'),
    streets: streets('Kärntner Straße; Mariahilfer Straße; Getreidegasse; Herrengasse'),
  },
  {
    code: 'CH',
    language: 'de',
    phonePrefix: '41',
    phoneDigits: 9,
    numberFirst: false,
    weight: 2,
    cities: cities('8001|Zürich|ZH; 1204|Genève|GE; 3011|Bern|BE; 4051|Basel|BS'),
    streets: streets('Bahnhofstrasse; Rue du Rhône; Marktgasse; Freie Strasse'),
  },
  {
    code: 'GB',
    language: 'en',
    phonePrefix: '44',
    phoneDigits: 10,
    numberFirst: true,
    weight: 6,
    cities: cities(
      'EC1A 1BB|London|Greater London; M1 1AE|Manchester|Greater Manchester; EH1 1YZ|Edinburgh|Scotland; B1 1BB|Birmingham|West Midlands; CF10 1AA|Cardiff|Wales',
    ),
    streets: streets('High Street; Station Road; Church Lane; King Street; Victoria Road; Queen Street; Oxford Street'),
  },
  {
    code: 'IE',
    language: 'en',
    phonePrefix: '353',
    phoneDigits: 9,
    numberFirst: true,
    weight: 2,
    cities: cities('D02 X285|Dublin|Leinster; T12 XY00|Cork|Munster; H91 E2K3|Galway|Connacht'),
    streets: streets('Grafton Street; O’Connell Street; Patrick Street; Shop Street'),
  },
  {
    code: 'US',
    language: 'en',
    phonePrefix: '1',
    phoneDigits: 10,
    numberFirst: true,
    weight: 6,
    cities: cities('10001|New York|NY; 94105|San Francisco|CA; 60601|Chicago|IL; 98101|Seattle|WA; 78701|Austin|TX; 02108|Boston|MA'),
    streets: streets('Main Street; Market Street; Broadway; Elm Street; Park Avenue; Congress Avenue; Michigan Avenue'),
  },
  {
    code: 'CA',
    language: 'en',
    phonePrefix: '1',
    phoneDigits: 10,
    numberFirst: true,
    weight: 1,
    cities: cities('M5H 2N2|Toronto|ON; H2Y 1C6|Montréal|QC; V6B 1A1|Vancouver|BC'),
    streets: streets('King Street West; Rue Saint-Paul; Granville Street'),
  },
  {
    code: 'ES',
    language: 'es',
    phonePrefix: '34',
    phoneDigits: 9,
    numberFirst: false,
    weight: 2,
    cities: cities('28013|Madrid|Comunidad de Madrid; 08002|Barcelona|Cataluña; 41001|Sevilla|Andalucía; 46002|València|Comunitat Valenciana'),
    streets: streets('Calle Mayor; Gran Vía; Passeig de Gràcia; Calle Sierpes; Carrer de Colón'),
  },
  {
    code: 'IT',
    language: 'it',
    phonePrefix: '39',
    phoneDigits: 10,
    numberFirst: false,
    weight: 2,
    cities: cities('00184|Roma|Lazio; 20121|Milano|Lombardia; 50122|Firenze|Toscana; 10121|Torino|Piemonte'),
    streets: streets('Via del Corso; Via Roma; Corso Buenos Aires; Via dei Calzaiuoli; Via Garibaldi'),
  },
  {
    code: 'PT',
    language: 'es',
    phonePrefix: '351',
    phoneDigits: 9,
    numberFirst: false,
    weight: 1,
    cities: cities('1100-148|Lisboa|Lisboa; 4000-322|Porto|Porto'),
    streets: streets('Rua Augusta; Avenida da Liberdade; Rua de Santa Catarina'),
  },
  {
    code: 'PL',
    language: 'pl',
    phonePrefix: '48',
    phoneDigits: 9,
    numberFirst: false,
    weight: 2,
    cities: cities('00-001|Warszawa|mazowieckie; 31-042|Kraków|małopolskie; 90-001|Łódź|łódzkie; 80-001|Gdańsk|pomorskie'),
    streets: streets('ulica Marszałkowska; ulica Floriańska; ulica Piotrkowska; ulica Długa'),
  },
  {
    code: 'SE',
    language: 'sv',
    phonePrefix: '46',
    phoneDigits: 9,
    numberFirst: false,
    weight: 1,
    cities: cities('111 22|Stockholm|Stockholms län; 411 03|Göteborg|Västra Götalands län; 211 20|Malmö|Skåne län'),
    streets: streets('Drottninggatan; Kungsgatan; Storgatan; Södergatan'),
  },
  {
    code: 'DK',
    language: 'sv',
    phonePrefix: '45',
    phoneDigits: 8,
    numberFirst: false,
    weight: 1,
    cities: cities('1050|København K; 8000|Aarhus C; 5000|Odense C'),
    streets: streets('Strøget; Østergade; Vestergade; Nørregade'),
  },
  {
    code: 'JP',
    language: 'ja',
    phonePrefix: '81',
    phoneDigits: 10,
    numberFirst: true,
    weight: 1,
    cities: cities('100-0005|Chiyoda-ku|Tokyo; 530-0001|Kita-ku|Osaka; 604-8005|Nakagyo-ku|Kyoto'),
    streets: streets('Marunouchi 1-chome; Umeda 2-chome; Kawaramachi-dori'),
  },
  {
    code: 'AU',
    language: 'en',
    phonePrefix: '61',
    phoneDigits: 9,
    numberFirst: true,
    weight: 1,
    cities: cities('2000|Sydney|NSW; 3000|Melbourne|VIC; 4000|Brisbane|QLD'),
    streets: streets('George Street; Collins Street; Queen Street'),
  },
];

export const countryWeights: Record<string, number> = Object.fromEntries(countries.map((c) => [c.code, c.weight]));
export const countryByCode: ReadonlyMap<string, Country> = new Map(countries.map((c) => [c.code, c]));
