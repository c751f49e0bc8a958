/**
 * Real searches with where the right answer really is (the true point from public sources — the
 * venue's or station's published position — not from this gazetteer). The API test holds the
 * search to them (a result within 400 m of the point in the top 3) and the bench replays them.
 */
export type RealQuery = { input: string; latitude: number; longitude: number; what: string };

export const REAL_QUERIES: readonly RealQuery[] = [
  // Stations and hubs
  { input: 'Penn Station', latitude: 40.7506, longitude: -73.9935, what: 'New York Penn Station' },
  { input: 'pen station', latitude: 40.7506, longitude: -73.9935, what: 'misspelt Penn Station' },
  { input: 'Grand Central', latitude: 40.7527, longitude: -73.9772, what: 'Grand Central Terminal' },
  { input: 'grand centrl terminal', latitude: 40.7527, longitude: -73.9772, what: 'misspelt Grand Central' },
  { input: 'Port Authority', latitude: 40.7569, longitude: -73.9906, what: 'Port Authority Bus Terminal' },
  { input: 'port authorty bus terminal', latitude: 40.7569, longitude: -73.9906, what: 'misspelt Port Authority' },
  { input: 'Fulton Center', latitude: 40.7102, longitude: -74.0078, what: 'Fulton Center' },
  { input: 'Atlantic Terminal', latitude: 40.6844, longitude: -73.9771, what: 'Atlantic Terminal (LIRR), Brooklyn' },
  { input: 'Newark Penn Station', latitude: 40.7347, longitude: -74.1644, what: 'Newark Penn Station' },
  { input: 'newark broad street', latitude: 40.7475, longitude: -74.1716, what: 'Newark Broad Street station' },
  { input: 'Journal Square', latitude: 40.7331, longitude: -74.0628, what: 'Journal Square PATH, Jersey City' },
  { input: 'Exchange Place', latitude: 40.7163, longitude: -74.0330, what: 'Exchange Place PATH, Jersey City' },
  { input: 'Hoboken Terminal', latitude: 40.7350, longitude: -74.0275, what: 'Hoboken Terminal' },
  { input: 'Secaucus Junction', latitude: 40.7612, longitude: -74.0758, what: 'Secaucus Junction' },
  { input: 'secaucus juntion', latitude: 40.7612, longitude: -74.0758, what: 'misspelt Secaucus Junction' },
  // Venues
  { input: 'Madison Square Garden', latitude: 40.7505, longitude: -73.9934, what: 'Madison Square Garden' },
  { input: 'madison sqare garden', latitude: 40.7505, longitude: -73.9934, what: 'misspelt Madison Square Garden' },
  { input: 'Barclays Center', latitude: 40.6826, longitude: -73.9754, what: 'Barclays Center, Brooklyn' },
  { input: 'barclay center', latitude: 40.6826, longitude: -73.9754, what: 'misspelt Barclays Center' },
  { input: 'Prudential Center', latitude: 40.7334, longitude: -74.1711, what: 'Prudential Center, Newark' },
  { input: 'Radio City Music Hall', latitude: 40.7600, longitude: -73.9800, what: 'Radio City Music Hall' },
  { input: 'Red Bull Arena', latitude: 40.7368, longitude: -74.1503, what: 'Red Bull Arena, Harrison' },
  // Landmarks
  { input: 'Empire State Building', latitude: 40.7484, longitude: -73.9857, what: 'Empire State Building' },
  { input: 'empire stat bulding', latitude: 40.7484, longitude: -73.9857, what: 'misspelt Empire State Building' },
  { input: 'Times Square', latitude: 40.7580, longitude: -73.9855, what: 'Times Square' },
  { input: 'Rockefeller Center', latitude: 40.7587, longitude: -73.9787, what: 'Rockefeller Center' },
  { input: 'Bryant Park', latitude: 40.7536, longitude: -73.9832, what: 'Bryant Park' },
  { input: 'Washington Square Park', latitude: 40.7308, longitude: -73.9973, what: 'Washington Square Park' },
  { input: 'One World Trade Center', latitude: 40.7127, longitude: -74.0134, what: 'One World Trade Center' },
  { input: 'Flatiron Building', latitude: 40.7411, longitude: -73.9897, what: 'Flatiron Building' },
  { input: 'Chrysler Building', latitude: 40.7516, longitude: -73.9755, what: 'Chrysler Building' },
  { input: 'Union Square', latitude: 40.7359, longitude: -73.9911, what: 'Union Square' },
  { input: 'Newport', latitude: 40.7268, longitude: -74.0337, what: 'Newport PATH, Jersey City' },
  { input: 'Hoboken', latitude: 40.7440, longitude: -74.0324, what: 'Hoboken, NJ' },
  // Neighbourhoods
  { input: 'Tribeca', latitude: 40.7163, longitude: -74.0086, what: 'Tribeca' },
  { input: 'Dumbo', latitude: 40.7033, longitude: -73.9881, what: 'DUMBO, Brooklyn' },
  { input: 'Chinatown', latitude: 40.7158, longitude: -73.9970, what: 'Chinatown, Manhattan' },
  { input: 'Hells Kitchen', latitude: 40.7638, longitude: -73.9918, what: "Hell's Kitchen" },
  // Street addresses (our garages and others)
  { input: '350 5th Ave', latitude: 40.7484, longitude: -73.9857, what: 'Empire State Building by its address' },
  { input: '123 W 44th St', latitude: 40.7566, longitude: -73.9837, what: '123 West 44th Street' },
  { input: '4 Pennsylvania Plaza', latitude: 40.7505, longitude: -73.9934, what: 'Madison Square Garden by its address' },
  { input: '333 Adams St', latitude: 40.6928, longitude: -73.9887, what: '333 Adams Street, Brooklyn' },
  { input: '85 Hudson St Jersey City', latitude: 40.7160, longitude: -74.0340, what: '85 Hudson Street, Jersey City' },
  { input: '1 Raymond Plaza W', latitude: 40.7357, longitude: -74.1662, what: 'One Raymond Plaza West, Newark' },
];
