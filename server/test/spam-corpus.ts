/**
 * The spam check's corpus (measured by server/routes/leads/spam-corpus.test.ts): genuine enquiries a
 * waste company gets, in many styles, and the spam its forms get. Written by us, with the rules:
 * the figure it gives is a ceiling, not a forecast.
 *
 * How each is sent (`sender`):
 * - person: a browser (Origin, Sec-Fetch-Site), the page served 45 s before;
 * - quick: a browser, 1.2 s after the page (autofill and a short message);
 * - api: a REST client with a token it took from GET /api/form-token 5 s before, no browser headers;
 * - instant: a script with a token it took from the page, 0.3 s after, no browser headers;
 * - headless: a browser driven by a bot that fills every field by script, 0.17 s after the page;
 * - none: the REST API without a token, sent without loading any page;
 * - form: the site's own form door without a token (posted without the page);
 * - forged: a token signed with another key; script: a made-up token.
 */
export type Sender =
  | "person"
  | "quick"
  | "api"
  | "instant"
  | "headless"
  | "none"
  | "form"
  | "forged"
  | "script";

export interface Sample {
  kind?: "contact" | "tankering";
  fields: Record<string, string>;
  sender: Sender;
}

/** A contact form's fields. */
export const person = (
  name: string,
  email: string,
  message: string,
  company = "",
  phone = "01733 000111",
) => ({
  name,
  email,
  company: company || `${name.split(" ")[1] ?? name} Ltd`,
  phone,
  message,
});

/** A tankering form's fields. */
const tankering = (name: string, email: string, message: string, frequency = "One Off Collection") => ({
  name,
  email,
  frequency,
  phone: "07700 900123",
  message,
});

const asPerson = (fields: Record<string, string>): Sample => ({ fields, sender: "person" });

export const GENUINE: Sample[] = [
  ...[
    person("Jane Fenland", "jane@fenfarms.co.uk", "Hi, we need weekly collection of vegetable peelings."),
    person(
      "Raj Patel",
      "raj@curryhouse.co.uk",
      "Good afternoon,\n\nWe run a restaurant in Peterborough (about 40 covers) and would like a quote for food waste collection twice a week. Our current contractor is leaving the area at the end of the month.\n\nKind regards,\nRaj",
    ),
    person("sam", "sam@gmail.com", "how much for 2 bins a week?? ta", "n/a"),
    person(
      "Dr Helen O'Brien",
      "h.obrien@nhs.net",
      "Please see our tender details at https://www.example-trust.nhs.uk/tenders/food-waste — the deadline is 12 May.",
      "North Hospital Trust",
    ),
    person(
      "Zoë Müller",
      "zoe@café-müller.de",
      "Bonjour! Nous cherchons un service de collecte pour notre café. Merci 😊",
      "Café Müller",
    ),
    person(
      "Tom O’Neill",
      "tom@oneill-haulage.co.uk",
      "Can you take 20,000 litres of wash water from our yard at PE1 5XG? Urgent.",
      "O'Neill & Sons",
    ),
    person(
      "Priya",
      "priya.k@outlook.com",
      "Hello, is it possible to compost coffee grounds with you? We produce ~30kg/week.",
      "Bean There",
    ),
    person(
      "Facilities Team",
      "facilities@school.sch.uk",
      "Quote please for a primary school kitchen (300 meals/day). Term-time only.",
      "St Mary's Primary",
    ),
    person(
      "Mark",
      "mark@brewery.co.uk",
      "Spent grain collection — we brew 3 times a week. See www.brewery.co.uk/about for who we are.",
      "Fen Brewery",
    ),
    person(
      "Anna Kowalska",
      "anna@hotel.co.uk",
      "We saw your article about anaerobic digestion on LinkedIn. Could somebody call me back tomorrow between 9 and 11? Thank you.",
      "Riverside Hotel",
    ),
    person(
      "J. Smith",
      "j.smith@council.gov.uk",
      "RE: our phone call — please send the price list for 240L and 660L bins.",
      "City Council",
    ),
    person(
      "Liam",
      "liam@bakery.co.uk",
      "Stale bread ~200 kg a month. Do you take it? Cheers, Liam 🍞",
      "Liam's Bakery",
    ),
    // Bakeries and cafés.
    person(
      "Beth Carter",
      "beth@marchbakery.co.uk",
      "We're a bakery in March with about 3 bins of unsold bread and dough a week. How much would a weekly collection cost? Our shop: https://marchbakery.co.uk",
      "March Bakery",
    ),
    person(
      "Dev",
      "hello@thecornercafe.co.uk",
      "Hi, small café here, coffee grounds and food scraps, maybe 2 caddies a day. Do you do small bins? Need to start ASAP as our current collector has let us down!!",
      "The Corner Café",
    ),
    person(
      "Gosia Wiśniewska",
      "gosia@piekarnia-pe.co.uk",
      "Dzień dobry, prowadzimy piekarnię w Peterborough. Ile kosztuje odbiór odpadów spożywczych raz w tygodniu? Dziękuję!",
      "Piekarnia Gosia",
    ),
    person(
      "Ahmed",
      "ahmed@kebabking.co.uk",
      "Takeaway on Lincoln Road. What are your prices for 140L vs 240L food caddies? Do you charge rental for the bins? Comparing suppliers this week.",
      "Kebab King",
    ),
    person(
      "Claire",
      "claire@teashop.co.uk",
      "Found you on Google. Do you collect from Ely? We're a tea room, not much waste but we want it composted.",
      "Claire's Tea Room",
    ),
    // Schools, colleges, hospitals, care homes.
    person(
      "Mrs P. Adeyemi",
      "bursar@fenlandacademy.org.uk",
      "Hello, I'm the business manager at Fenland Academy. We have 900 pupils and a kitchen producing food waste daily. Can you quote for a 2x weekly collection from September? Our procurement rules need 3 quotes by Friday.",
      "Fenland Academy",
    ),
    person(
      "Estates Office",
      "estates@fenvalley.nhs.uk",
      "Good morning. We need food waste collection from our main kitchen and two ward kitchens, roughly 1.5 tonnes a week. Our requirements: https://www.fenvalley.nhs.uk/estates/waste-spec — urgent, the contract starts 1 April.",
      "Fen Valley Hospital",
    ),
    person(
      "Catering Manager",
      "catering@uni.ac.uk",
      "University catering here. We'd like to trial separate food waste collection at two halls. Could we book a site visit for next week? Please reply by email, I'm in the kitchen all day.",
      "Fen University",
    ),
    person(
      "Sue",
      "manager@willowcarehome.co.uk",
      "We run a 60-bed care home and need food waste collected. Is there a minimum contract length? Our website www.willowcarehome.co.uk/contact has our address.",
      "Willow Care Home",
    ),
    person(
      "Procurement Officer",
      "procurement@cambs.gov.uk",
      "The council is inviting quotes for food waste collection from 14 schools. Tender portal: https://www.contractsfinder.service.gov.uk/notice/abc123 Deadline 5pm Friday.",
      "County Council",
    ),
    // Existing customers: invoices, renewals, a changed domain, a complaint.
    person(
      "Karen",
      "accounts@riversidehotel.co.uk",
      "Hi, I think our March invoice charged for 3 lifts but you only came twice. Can someone check? Thanks.",
      "Riverside Hotel",
    ),
    person(
      "Paul Greaves",
      "paul@fenfoods.co.uk",
      "We've changed our domain from fenfoods.com to fenfoods.co.uk, please update our email address for invoices and collection reminders.",
      "Fen Foods",
    ),
    person(
      "Jo",
      "jo@thegreenman.co.uk",
      "Our contract with you is up for renewal in June – can we move to fortnightly collections? Also please send the invoice to our finance team, PO 4500123 must be quoted.",
      "The Green Man",
    ),
    person(
      "Rob",
      "rob@bridgestreetgrill.co.uk",
      "Our bins haven't been collected for two weeks and the smell is terrible!!! Please call ASAP – this is the third time I've written. URGENT.",
      "Bridge Street Grill",
    ),
    person(
      "Neil",
      "neil@fenfarmshop.co.uk",
      "Is the first collection free? We saw on your website that you offer a free trial for new customers. Can you give me a quick call on 07700 900777?",
      "Fen Farm Shop",
    ),
    person(
      "Hannah",
      "hannah@kitchen.co.uk",
      "Found you through Google Ads. Can you give me a quick call? We're a UK-based catering firm with three kitchens in Cambridge.",
      "Fen Kitchens",
    ),
    person(
      "Olu",
      "olu@pub.co.uk",
      "Pub with kitchen, 2 x 240L a week. Can you beat £18 per lift? We pay £140 a month at the moment and our renewal is next month.",
      "The Plough",
    ),
    // Farms, manufacturers, events, partners.
    person(
      "Gary",
      "gary@fenpotatoes.co.uk",
      "Potato grading waste, 5 tonnes a week in the season (Sept-Feb). Can you take it for AD? What's the gate fee per tonne?",
      "Fen Potatoes",
    ),
    person(
      "Quality Team",
      "quality@fensauces.co.uk",
      "We produce around 20 tonnes a month of out-of-spec sauces (liquid, in jars). Do you offer depackaging? Spec sheet: https://fensauces.co.uk/spec.pdf and SDS: https://fensauces.co.uk/sds.pdf",
      "Fen Sauces",
    ),
    person(
      "Events",
      "events@fenfoodfest.co.uk",
      "We're organising a food festival on 12-14 July and need food waste bins and collection for the weekend, about 40 traders. Is that something you do? Limited time to book, the festival is close!",
      "Fen Food Festival",
    ),
    person(
      "Sustainability Lead",
      "green@fenmarkets.co.uk",
      "I lead sustainability at a supermarket chain; our marketing team would like to feature your AD plant in a case study, and we may move our 30 stores' food waste to you. Would you be open to a meeting?",
      "Fen Markets",
    ),
    person(
      "Martin",
      "martin@abattoir.co.uk",
      "We need a quote for category 3 animal by-products, about 4 tonnes a week, with a waste carrier registration copy for our records. Ours expires in May so we're reviewing suppliers.",
      "Fen Meats",
    ),
    person(
      "Irene",
      "irene@orchard.co.uk",
      "Apple pomace after pressing, 10 tonnes over October. I read your blog about composting — can you collect from Wisbech? Our farm listing on the council's website has the address.",
      "Fen Orchard",
    ),
    person(
      "Wyn",
      "wyn@cafe-cymru.co.uk",
      "Bore da! Do you collect in Wales or only East Anglia? We're a café chain with 6 sites, happy to share our volumes.",
      "Caffi Cymru",
    ),
    // Written after the rules of issue 45 were first set, then measured.
    person(
      "Niran",
      "niran@thaiorchid.co.uk",
      "Hi, we're a Thai restaurant opening in Huntingdon in May. Could you send a quote for food waste collection, probably 3 times a week? We're also interested in cooking oil collection.",
      "Thai Orchid",
    ),
    person(
      "Head of Catering",
      "catering@fenhigh.org.uk",
      "I'm the head of catering at a secondary school; the council's contract ends in July and we need our own provider. Could you beat the council's rate? I can send last year's volumes.",
      "Fen High School",
    ),
    person(
      "Allotments",
      "chair@fenallotments.org.uk",
      "Do you take food waste from domestic households? I have a large allotment group and we produce loads of green waste.",
      "Fen Allotments",
    ),
    person(
      "Brewer",
      "brew@fenales.co.uk",
      "We're a brewery; our last collector went bust and left us with 6 tonnes of spent grain in the yard. Please help – can you collect this week? Photos here: https://imgur.com/a/xyz",
      "Fen Ales",
    ),
    person(
      "Tasha",
      "tasha@deli.co.uk",
      "Following up on my enquiry from last week (ref FO-1A2B3C4D) – we still haven't heard back. Is the quote ready?",
      "Tasha's Deli",
    ),
    person(
      "Compliance",
      "compliance@fenmeals.co.uk",
      "Hi, can you provide a duty of care waste transfer note with each collection? Our auditor needs it. We're renewing our ISO 14001 certificate next month.",
      "Fen Meals",
    ),
    person(
      "Front Office",
      "frontoffice@fenhotel.co.uk",
      "Looking for a quote for food waste, glass and cardboard, though mainly food. We're a hotel with 120 rooms, 2 restaurants and a spa. Please see our site: www.fenhotel.co.uk",
      "Fen Hotel",
    ),
    person(
      "Venue",
      "venue@oldbarn.co.uk",
      "Hello, I saw your van on the A47. Do you do one-off collections for a wedding venue? We've got a big event on Saturday.",
      "The Old Barn",
    ),
    person(
      "Kit",
      "kit@oundlecafe.co.uk",
      "Your quote form wouldn't let me submit on my phone, so I'm using this one. Quote for 4 x 240L weekly food bins at our café in Oundle please.",
      "Oundle Café",
    ),
    person(
      "Facilities",
      "fm@cambridgeoffices.co.uk",
      "We manage 12 office buildings in Cambridge and are reviewing our facilities contracts. Could you send your rates for food waste and a list of references?",
      "Cambridge Offices",
    ),
    person(
      "Student",
      "student@aru.ac.uk",
      "Hi there, I'm a student at Anglia Ruskin doing a dissertation on anaerobic digestion. Would someone be willing to answer a few questions by email?",
      "Anglia Ruskin",
    ),
    person(
      "Chef",
      "chef@rivercafe.co.uk",
      "Please cancel our collections from 1 August; we're closing the restaurant. Can you confirm the final invoice date?",
      "River Café",
    ),
    person(
      "Eco Club",
      "eco@fenprimary.sch.uk",
      "Our school is taking part in a sustainability week and would love a speaker from your team to talk about where food waste goes. Are you open to that?",
      "Fen Primary",
    ),
  ].map(asPerson),
  // Tankering.
  ...[
    tankering(
      "Steve",
      "steve@bridgestreetgrill.co.uk",
      "URGENT: grease trap overflowing at our restaurant on Bridge Street, PE13. Can you send a tanker today or tomorrow? Please call 07700 900555.",
    ),
    tankering(
      "Farm Office",
      "office@fenfarm.co.uk",
      "We need a quote to empty a 10,000 litre septic tank at our farm every quarter.",
      "Quarterly",
    ),
    tankering(
      "Lee",
      "lee@fenfishery.co.uk",
      "How much to tanker away 3,000 gallons of dirty water from a pond clean-out? Need it done before the weekend. Photos: https://photos.example.co.uk/album/pond",
    ),
    tankering(
      "Dairy Manager",
      "dairy@fenmilk.co.uk",
      "Milk washings, around 15,000 litres a week. What are your prices per load and can you work weekends?",
      "Weekly",
    ),
    tankering(
      "Estates",
      "estates@fenhospital.nhs.uk",
      "Hello, our hospital's waste manager asked me to get a price for macerator waste tankering, monthly. Reference: Estates-2291.",
      "Monthly",
    ),
    tankering(
      "Site Manager",
      "site@fencompost.co.uk",
      "Can you tanker leachate from our composting site? About 30m3 every fortnight, PE7. We need a licensed carrier.",
      "Fortnightly",
    ),
  ].map((fields): Sample => ({ kind: "tankering", fields, sender: "person" })),
  // Unusual senders and styles: quick, another script, links, an API client with a token.
  { sender: "quick", fields: person("Ola Nowak", "ola@piekarnia.co.uk", "Bread waste, weekly. Call me.") },
  { sender: "quick", fields: person("Chris", "chris@farm.co.uk", "Same as last month please", "Fen Farm") },
  {
    sender: "person",
    fields: person(
      "李明",
      "ming@noodlebar.co.uk",
      "Hello, we are a noodle bar in Wisbech and need food waste collection three times a week.",
      "Noodle Bar",
    ),
  },
  {
    sender: "person",
    fields: person(
      "Olena Shevchenko",
      "olena@fields.co.uk",
      "Доброго дня! We grow salad leaves near Spalding; can you take 2 tonnes of trimmings a week?",
      "Green Fields",
    ),
  },
  {
    sender: "person",
    fields: person(
      "Procurement",
      "buying@foods.co.uk",
      "Our waste specification is at https://foods.co.uk/suppliers/waste.pdf and the site map at https://foods.co.uk/sites",
      "Fen Foods plc",
    ),
  },
  {
    sender: "api",
    fields: person(
      "CRM integration",
      "crm@partner.co.uk",
      "Lead from partner portal: 6 x 240L food bins, Peterborough, start next month.",
      "Partner Ltd",
    ),
  },
  {
    sender: "api",
    fields: person(
      "Booking system",
      "bookings@partner.co.uk",
      "New request from our booking form: weekly collection for a cafe in Ely, 2 caddies.",
      "Partner Ltd",
    ),
  },
  {
    sender: "person",
    fields: person(
      "Web Team",
      "web@college.ac.uk",
      "We're redesigning the college kitchens and want to plan food waste collection from September.",
      "Fen College",
    ),
  },
  {
    sender: "person",
    fields: person(
      "Sophie",
      "sophie@gmail.com",
      "Hi, my domain is the farm shop (fenfarmshop.co.uk). Do you collect from small shops? Thanks!",
      "Fen Farm Shop",
    ),
  },
  // Three more batches, each written after the rules of the batch before were set and measured
  // before the rules were widened for it (issue 45): a customer's words, never caught.
  ...[
    person(
      "Alex b0",
      "alex.b0@customer.co.uk",
      "Hello, we're a family-run bakery in Stamford. We've just had an inspection and need to sort out proper food waste disposal. What would you recommend and roughly how much is it?",
    ),
    person(
      "Bea b1",
      "bea.b1@customer.co.uk",
      "Hi, I'm the kitchen manager at Addenbrooke's staff restaurant. Our current contract ends next month. Could you send a quote for daily collection of 6 x 240L bins? Urgent as procurement needs it by Wednesday.",
    ),
    person(
      "Cal b2",
      "cal.b2@customer.co.uk",
      "We're a café and cake shop. Can you take coffee grounds separately? We'd like to tell our customers it goes to compost. Our Instagram is @fencakes if you want to see the shop.",
    ),
    person(
      "Dina b3",
      "dina.b3@customer.co.uk",
      "Good afternoon, I'm enquiring on behalf of Peterborough Cathedral's café. We need a small food waste service, one 140L caddy twice weekly.",
    ),
    person(
      "Eli b4",
      "eli.b4@customer.co.uk",
      "Our nursery school (60 children) makes a fair bit of food waste from lunches. Is there a cheaper option for small schools? Thanks, Sarah (office manager)",
    ),
    person(
      "Gus b6",
      "gus.b6@customer.co.uk",
      "Hi, following your visit yesterday, please could you confirm the price you mentioned for the 1,100L bin and when you could start? Thanks, Mo",
    ),
    person(
      "Hana b7",
      "hana.b7@customer.co.uk",
      "Hello, I manage a food bank and we sometimes get food that's out of date. Would you collect it for composting? We're a charity, so price matters.",
    ),
    person(
      "Ivo b8",
      "ivo.b8@customer.co.uk",
      "We're a hospice with an in-house kitchen. Do you offer a discount for charities? Our website is https://fenhospice.org.uk",
    ),
    person(
      "Kai b10",
      "kai.b10@customer.co.uk",
      "I run the canteen at a factory with 400 staff. Looking to switch suppliers as our current one keeps missing collections. Can you send your terms and conditions and a price list?",
    ),
    person(
      "Lena b11",
      "lena.b11@customer.co.uk",
      "Hello – we spoke at the Hospitality Show last week. As promised, here are our details. We'd like a trial for one month at our Ely site.",
    ),
    person(
      "Milo b12",
      "milo.b12@customer.co.uk",
      "Hi, do you collect from market stalls? I sell fruit and veg at Wisbech market on Saturdays and throw away a fair amount.",
    ),
    person(
      "Nell b13",
      "nell.b13@customer.co.uk",
      "Dear Sir/Madam, I am writing on behalf of St John's College to request a quotation for food waste collection from our kitchens and buttery. Please find the specification at https://www.stjohns.example.ac.uk/procurement/fw2026.pdf. Responses are due within 14 days.",
    ),
    person(
      "Omar b14",
      "omar.b14@customer.co.uk",
      "The school's business manager here again – just checking you received my email about the quote? We need to decide by Friday.",
    ),
    person(
      "Pia b15",
      "pia.b15@customer.co.uk",
      "Hi, we're an Indian restaurant with a takeaway. Do you provide the caddies and liners, or do we buy them? Also do you do cooking oil?",
    ),
    person(
      "Raf b16",
      "raf.b16@customer.co.uk",
      "I'm opening a juice bar in June. Probably 50kg of fruit pulp a week. Would a weekly collection work? Is there a setup fee?",
    ),
    person(
      "Sian b17",
      "sian.b17@customer.co.uk",
      "We have 2 tonnes of out-of-date yoghurts (in pots) at our depot. Can you depackage and take them this week? Please call, it's urgent.",
    ),
    person(
      "Theo b18",
      "theo.b18@customer.co.uk",
      "Hello, could you please send me a copy of your waste carrier licence and insurance certificate? We need them on file before our first collection. Thank you.",
    ),
    person(
      "Uma b19",
      "uma.b19@customer.co.uk",
      "Hi, our invoice says 8 lifts for March but the driver's app shows 6. Can you check and send a corrected invoice? Account FO-2231.",
    ),
    person(
      "Alex c0",
      "alex.c0@customer.co.uk",
      "Hi, we're a pizzeria in Bedford with a wood oven. We make about 3 bags of food waste a day. Do you come out this far? Would love to get a quote.",
    ),
    person(
      "Bea c1",
      "bea.c1@customer.co.uk",
      "Hello, I'm the facilities coordinator at a secondary school in King's Lynn. Our current provider has given notice. Can you provide food waste collection from 1 September? We're under time pressure.",
    ),
    person(
      "Cal c2",
      "cal.c2@customer.co.uk",
      "We're a small vineyard and winery near Ely. After harvest we have about 8 tonnes of grape skins and stalks. Is that something you'd take for AD?",
    ),
    person(
      "Eli c4",
      "eli.c4@customer.co.uk",
      "Hi, we are a hospital trust and would like to understand your accreditations (ISO 14001, waste carrier licence) before we invite you to tender. Could you send these through?",
    ),
    person(
      "Fay c5",
      "fay.c5@customer.co.uk",
      "Hello! Lovely to chat on the phone earlier. Here is our address for the site survey: Unit 4, Fengate, PE1 5XG. See you Tuesday.",
    ),
    person(
      "Gus c6",
      "gus.c6@customer.co.uk",
      "We had a collection booked for this morning but nobody came. Please can someone let me know what's happening? Our bins are full and the EHO is visiting tomorrow.",
    ),
    person(
      "Hana c7",
      "hana.c7@customer.co.uk",
      "Hi, I'd like to change our collection day from Monday to Thursday, if possible. Thanks, Asha (Spice Garden)",
    ),
    person(
      "Ivo c8",
      "ivo.c8@customer.co.uk",
      "Can you collect cooking oil as well as food waste? We fill a 20L drum every two weeks.",
    ),
    person(
      "Jess c9",
      "jess.c9@customer.co.uk",
      "We're a catering college and our students produce a lot of food waste in practical sessions. We'd love to get a quote and maybe a tour of your AD plant for the students.",
    ),
    person(
      "Kai c10",
      "kai.c10@customer.co.uk",
      "Dear Fenland Organics, we are a Michelin-listed restaurant looking to become zero-waste. Can you help us with food waste and also advise on reducing it? Our website: https://www.example-restaurant.co.uk",
    ),
    person(
      "Lena c11",
      "lena.c11@customer.co.uk",
      "I own three coffee shops in Peterborough. Looking for one supplier for all three, weekly. Can you send your best price?",
    ),
    person(
      "Milo c12",
      "milo.c12@customer.co.uk",
      "Hi, I think your driver damaged our gate this morning when collecting. Can someone call me to sort it out? Photos attached here: https://photos.example.co.uk/gate",
    ),
    person(
      "Nell c13",
      "nell.c13@customer.co.uk",
      "Our environmental manager has asked for your annual waste data report for our sustainability report. Could you send the tonnages for last year?",
    ),
    person(
      "Omar c14",
      "omar.c14@customer.co.uk",
      "Hello, we're planning a new food factory in Spalding opening next year. We expect 50 tonnes a week of vegetable waste. Would you be interested in a long-term contract?",
    ),
    person(
      "Pia c15",
      "pia.c15@customer.co.uk",
      "Hi there, do you take compostable packaging with food waste or does it need to be separated?",
    ),
    person(
      "Raf c16",
      "raf.c16@customer.co.uk",
      "Please send me your terms and an application form for a credit account. Our accounts department needs it before we can sign.",
    ),
    person(
      "Sian c17",
      "sian.c17@customer.co.uk",
      "Hi, I'm a chef at a care home. What goes in the food waste bin – can we put bones and tea bags in?",
    ),
    person(
      "Theo c18",
      "theo.c18@customer.co.uk",
      "We run a farmers' market once a month in Oakham and would like bins for traders' food waste. Do you do monthly one-off collections?",
    ),
    person(
      "Uma c19",
      "uma.c19@customer.co.uk",
      "Hello, our company is moving premises next month. Please cancel our service at the old address and set it up at the new one (PE2 6YZ). Account number FO-9912.",
    ),
    person(
      "Vic c20",
      "vic.c20@customer.co.uk",
      "Hi, we're a national restaurant group reviewing suppliers for 45 sites in the East of England. Please send your capability statement and rates. We're keen to move quickly.",
    ),
    person(
      "Wes c21",
      "wes.c21@customer.co.uk",
      "Hello, I'm writing from the council's school meals team. We are reviewing our food waste arrangements for 30 schools. Would you be open to a meeting next month?",
    ),
    person(
      "Yara c22",
      "yara.c22@customer.co.uk",
      "Hiya, got a quick question – how much is a one-off collection of about 10 bags of food waste after a party?",
    ),
    person(
      "Zed c23",
      "zed.c23@customer.co.uk",
      "Hi, this is Tom from the Crown pub. Just following up on my message from last week about the price for weekly food waste collection.",
    ),
    person(
      "Alex d0",
      "alex.d0@customer.co.uk",
      "Hi, I manage a busy gastropub near Stamford. We currently pay £22 per lift with another company and the service has been poor. What could you offer us?",
    ),
    person(
      "Bea d1",
      "bea.d1@customer.co.uk",
      "Hello, we're a primary school in Peterborough. The headteacher would like a price for food waste collection once a week, term time only. We have about 2 caddies a day.",
    ),
    person(
      "Dina d3",
      "dina.d3@customer.co.uk",
      "Hi, our restaurant is expanding to a second site in Cambridge in September. Can you add the new address to our account and quote for 3 collections a week?",
    ),
    person(
      "Eli d4",
      "eli.d4@customer.co.uk",
      "We are a community café run by volunteers. Do you have a reduced rate for charities? We'd only have one small bin a week.",
    ),
    person(
      "Fay d5",
      "fay.d5@customer.co.uk",
      "Hello, we would like to visit your AD plant with a group of 15 environmental science students. Is that possible in March?",
    ),
    person(
      "Gus d6",
      "gus.d6@customer.co.uk",
      "Do you accept food waste delivered to your site in our own van? What's the gate fee per tonne?",
    ),
    person(
      "Hana d7",
      "hana.d7@customer.co.uk",
      "Hi, please could you send us a copy of our collection schedule for the next quarter? Our new manager started this week.",
    ),
    person(
      "Ivo d8",
      "ivo.d8@customer.co.uk",
      "I work for a food manufacturer in Wisbech. We have 12 tonnes a week of potato peel and starch. Our current contract with another company ends in 2 months. Can you quote?",
    ),
    person(
      "Jess d9",
      "jess.d9@customer.co.uk",
      "Hello, I saw your sustainability report on your website and wondered if you'd be willing to share your carbon figures per tonne? We need them for our supplier survey.",
    ),
    person(
      "Lena d11",
      "lena.d11@customer.co.uk",
      "Hi, I'd like to discuss a long-term contract for our chain of 8 bakeries. Please ring me when convenient. Thanks, Debbie, Operations Director",
    ),
    person(
      "Milo d12",
      "milo.d12@customer.co.uk",
      "Our food waste bins were not emptied on Friday again. This is unacceptable, I will have to look at other suppliers if this continues.",
    ),
    person(
      "Nell d13",
      "nell.d13@customer.co.uk",
      "Hello, could you remind me of your minimum contract length and the notice period? We're reviewing our waste contracts.",
    ),
    person(
      "Omar d14",
      "omar.d14@customer.co.uk",
      "We're an Ethiopian restaurant and we'd like to know if you take injera and teff scraps. Also, do you provide liners?",
    ),
    person(
      "Pia d15",
      "pia.d15@customer.co.uk",
      "Hi, I'm helping my dad's farm with paperwork. Do you collect fallen apples for AD? Around 15 tonnes this autumn.",
    ),
    person(
      "Raf d16",
      "raf.d16@customer.co.uk",
      "Quick question: do you work weekends? Our kitchen runs 7 days and Saturday collections would help.",
    ),
    person(
      "Sian d17",
      "sian.d17@customer.co.uk",
      "Hello, our council contract is up for renewal and we're inviting suppliers to a market engagement day on 3 June. Details: https://www.example.gov.uk/market-day",
    ),
    person(
      "Theo d18",
      "theo.d18@customer.co.uk",
      "We're opening a vegan café next month. Could you tell me what bins you'd recommend for about 20 kg of food waste a week?",
    ),
    person(
      "Uma d19",
      "uma.d19@customer.co.uk",
      "Hi, I'm organising the village fete. Can we hire a couple of food waste bins for the day and have them collected after?",
    ),
    person(
      "Vic d20",
      "vic.d20@customer.co.uk",
      "Hi, we're a food bank and received a donation of 500 kg of expired tinned food. Can you depackage and compost it?",
    ),
    person(
      "Wes d21",
      "wes.d21@customer.co.uk",
      "Please can you send your bank details for payment? Our accounts team needs them on headed paper to set you up as a supplier.",
    ),
    person(
      "Yara d22",
      "yara.d22@customer.co.uk",
      "Hello, our previous invoice went to the wrong email. Please send future invoices to finance@fenhotel.co.uk. Thanks.",
    ),
    person(
      "Zed d23",
      "zed.d23@customer.co.uk",
      "Hi there, I'd like to get a quote for weekly collection at our office canteen (about 200 staff). Is there a contract or can we go month to month?",
    ),
    person(
      "Ada d24",
      "ada.d24@customer.co.uk",
      "Hello, I'm a journalist at the Peterborough Telegraph writing about food waste in restaurants. Could someone from your team speak to me this week?",
    ),
  ].map(asPerson),
  ...[
    tankering(
      "Fay b5",
      "fay.b5@customer.co.uk",
      "Emergency! Our kitchen drain has backed up and there's fat everywhere. Can you send a tanker this afternoon? Postcode PE2 8AN. Will pay whatever it costs.",
    ),
    tankering(
      "Jess b9",
      "jess.b9@customer.co.uk",
      "Can I get a quote for septic tank emptying at a holiday cottage near Holbeach? It hasn't been done for about 3 years.",
    ),
    tankering(
      "Dina c3",
      "dina.c3@customer.co.uk",
      "Good morning, please can you call me regarding tankering for our car wash interceptor? It needs emptying every 6 weeks.",
    ),
    tankering(
      "Ada c24",
      "ada.c24@customer.co.uk",
      "Our septic tank alarm is going off. Can you come today? We're at Manor Farm, near Whittlesey. Will pay extra for same day.",
    ),
    tankering(
      "Cal d2",
      "cal.d2@customer.co.uk",
      "Good afternoon, I'm the estates manager at a large hospital. I need someone to tanker away wastewater from a blocked interceptor today. Please phone me urgently on 07700 900321.",
    ),
    tankering(
      "Kai d10",
      "kai.d10@customer.co.uk",
      "Can you empty a grease trap at a hotel in Huntingdon? It's about 2,000 litres and we'd like it done on a Sunday if possible.",
    ),
  ].map((fields): Sample => ({ kind: "tankering", fields, sender: "person" })),
  // The last batch, written after the rules were set and measured before they were changed for
  // it: 1 of 25 caught ("ours on file has expired": that rule was then narrowed).
  ...[
    person(
      "Alex e0",
      "alex.e0@customer.co.uk",
      "Hi, we're a fish and chip shop in Hunstanton. Lots of potato peelings and batter waste. Could you quote for twice weekly?",
    ),
    person(
      "Bea e1",
      "bea.e1@customer.co.uk",
      "Hello, I'm the bursar at a boarding school near Oakham. We need food waste collected daily, including weekends, for 400 boarders. Please send a proposal.",
    ),
    person(
      "Cal e2",
      "cal.e2@customer.co.uk",
      "Can you take out-of-date bread from our three supermarket stores? About 300 kg a week in total.",
    ),
    person(
      "Eli e4",
      "eli.e4@customer.co.uk",
      "Hello, we spoke to your colleague at the Royal Norfolk Show. Please send the brochure and prices you mentioned for the festival bins.",
    ),
    person(
      "Fay e5",
      "fay.e5@customer.co.uk",
      "Our office has a small kitchen. Do you do a service for tiny amounts, like one caddy a week?",
    ),
    person(
      "Gus e6",
      "gus.e6@customer.co.uk",
      "Hi, is it possible to get a collection on Christmas Eve? We'll have a lot of waste after our Christmas parties.",
    ),
    person(
      "Hana e7",
      "hana.e7@customer.co.uk",
      "We are a university research lab producing plant material waste (non-hazardous). Can you accept it? About 50 kg a month.",
    ),
    person(
      "Ivo e8",
      "ivo.e8@customer.co.uk",
      "Hi, the lid on one of our bins is broken and won't close. Can you replace it at the next collection?",
    ),
    person(
      "Jess e9",
      "jess.e9@customer.co.uk",
      "I'd like to switch from weekly to fortnightly collections from next month as we're quieter over winter. Thanks, Jas.",
    ),
    person(
      "Kai e10",
      "kai.e10@customer.co.uk",
      "Hello, a friend recommended you. We run a dog rescue and have lots of food waste from donated pet food. Would you collect it?",
    ),
    person(
      "Lena e11",
      "lena.e11@customer.co.uk",
      "Hi, can you tell me your environmental permit number and which AD plant our waste goes to? It's for our ESG report.",
    ),
    person(
      "Milo e12",
      "milo.e12@customer.co.uk",
      "We're a wedding caterer. Our busy season is May–September. Could we have collections only in those months?",
    ),
    person(
      "Nell e13",
      "nell.e13@customer.co.uk",
      "Hi, our waste bins have been missed three times this month. Please can a manager call me? This is really affecting our business.",
    ),
    person(
      "Pia e15",
      "pia.e15@customer.co.uk",
      "Do you provide training for kitchen staff on separating food waste? We're a new hotel opening in the spring.",
    ),
    person(
      "Sian e17",
      "sian.e17@customer.co.uk",
      "Please could you send an updated certificate of insurance? Our compliance team flagged that ours on file has expired.",
    ),
    person(
      "Theo e18",
      "theo.e18@customer.co.uk",
      "Hi, we run a chain of 4 nurseries. Can we set up one account for all sites with monthly invoicing?",
    ),
    person(
      "Uma e19",
      "uma.e19@customer.co.uk",
      "Our bakery has moved to a bigger unit. New address: Unit 9, Oundle Road, PE2 9PW. Please update your records and continue weekly collections.",
    ),
    person(
      "Vic e20",
      "vic.e20@customer.co.uk",
      "Hi, we'd like to trial your service at our head office canteen for 3 months before committing across 20 sites. Is that possible?",
    ),
    person(
      "Wes e21",
      "wes.e21@customer.co.uk",
      "Hello, I saw on your website you can take packaged food. We have 3 pallets of out-of-date crisps. Can you come this week?",
    ),
    person(
      "Yara e22",
      "yara.e22@customer.co.uk",
      "Hi, I'm the chair of a community garden and we'd love some of your compost. Do you sell it or give it to community groups?",
    ),
    person(
      "Zed e23",
      "zed.e23@customer.co.uk",
      "Could you quote for food waste at a football stadium? Match days only, roughly 25 home games a season.",
    ),
    person(
      "Ada e24",
      "ada.e24@customer.co.uk",
      "Hi there, I'm a sustainability consultant working with a hotel group. They've asked me to gather quotes for food waste collection at 6 sites. Can you help?",
    ),
  ].map(asPerson),
  ...[
    tankering(
      "Dina e3",
      "dina.e3@customer.co.uk",
      "Good morning, our pig farm's slurry lagoon needs emptying before winter. How many tanker loads can you do in a day and what does it cost?",
    ),
    tankering(
      "Omar e14",
      "omar.e14@customer.co.uk",
      "Hello, we'd like a quote for emptying our cesspit at a campsite near Sutton Bridge. It's about 18,000 litres.",
    ),
    tankering(
      "Raf e16",
      "raf.e16@customer.co.uk",
      "Hi, we're a small distillery. We have pot ale and spent wash, roughly 5,000 litres a week. Is that something you can tanker?",
    ),
  ].map((fields): Sample => ({ kind: "tankering", fields, sender: "person" })),
  // Held out: written for the door audit of 2 December 2026 (issue 45) before its author read the
  // rules, sent as a person with a token 3 s old against a running build: none caught.
  ...[
    person(
      "Helen Marsh",
      "helen.marsh@marshfarms.co.uk",
      "We grow potatoes near March and have about 40 tonnes of outgrades each autumn. Could you collect them for AD and what would it cost per tonne?",
      "Marsh Farms",
    ),
    person(
      "Raj Patel",
      "raj@spiceworks-foods.co.uk",
      "Our factory in Wisbech produces around 3 tonnes of food waste a week plus packaging. Do you de-package and can you do twice-weekly collections?",
      "Spiceworks Foods",
    ),
    person(
      "Claire Dunn",
      "c.dunn@fenland.gov.uk",
      "We need a quote for emptying a flooded underpass pump chamber, roughly 20,000 litres of surface water with silt. Is a tanker available next week?",
      "Fenland District Council",
    ),
    person(
      "Mark Jones",
      "mark@thebakehouse.co.uk",
      "Our domain for emails changed, please use this address from now on. We'd like to increase our weekly bread waste collection to two bins.",
      "The Bakehouse",
    ),
    person(
      "Anna Kowalski",
      "anna@greenbrew.co.uk",
      "We are a small brewery and have spent grain and yeast slurry every week. Is this something you take, and do you have a minimum quantity?",
      "Green Brew Ltd",
    ),
    person(
      "Peter Wood",
      "peter.wood@woodsdairy.co.uk",
      "Our website says we recycle all our waste and a customer asked us to prove it. Can you send waste transfer notes for the last year of collections?",
      "Woods Dairy",
    ),
  ].map(asPerson),
];

export const SPAM: Sample[] = [
  {
    sender: "none",
    fields: person(
      "Mike",
      "mike@seo-pros.example",
      "https://cheap-links.example/a https://cheap-links.example/b https://cheap-links.example/c",
    ),
  },
  {
    sender: "script",
    fields: person(
      "Kevin",
      "kevin@rankers.example",
      "Hello, I can get your website on the first page of Google with our SEO service. 500 backlinks for £99.",
      "Rankers",
    ),
  },
  {
    sender: "person",
    fields: person(
      "Emma",
      "emma@growth.example",
      "Hi! Your site has great potential. We offer SEO audits and guest post packages, reply for a free report.",
    ),
  },
  {
    sender: "instant",
    fields: person(
      "John",
      "john@mail.example",
      "Hello, I am interested in your services, please contact me.",
    ),
  },
  { sender: "instant", fields: person("Anna", "anna@mail.example", "I would like to know the price.") },
  {
    sender: "forged",
    fields: person("Support", "support@mail.example", "Please reply to discuss a partnership."),
  },
  {
    sender: "person",
    fields: person(
      "Crypto Alex",
      "alex@coin.example",
      "Earn 40% monthly with our bitcoin trading bot! Join now at https://coin.example",
    ),
  },
  {
    sender: "person",
    fields: person('Best <a href="https://x.example">deals</a>', "deals@x.example", "Great offer for you."),
  },
  { sender: "person", fields: person("http://casino.example", "win@casino.example", "Play and win!") },
  {
    sender: "person",
    fields: person(
      "Lucy",
      "lucy@traffic.example",
      "Want more web traffic? We send 10,000 visitors a day to your site.",
    ),
  },
  {
    sender: "script",
    fields: person("Nick", "nick@mail.example", "www.a.example www.b.example www.c.example"),
  },
  {
    sender: "instant",
    fields: person(
      "Ben",
      "ben@mail.example",
      "Visit https://x.example/a, https://x.example/b and https://x.example/c for details.",
    ),
  },
  {
    sender: "none",
    fields: person(
      "Forex Team",
      "team@fx.example",
      "Forex signals with 95% accuracy, message us on WhatsApp.",
    ),
  },
  {
    sender: "script",
    fields: person("Olga", "olga@mail.example", "Hello, we make websites cheaply, write to us."),
  },
  // Link lists.
  {
    sender: "person",
    fields: person(
      "Top Sites",
      "list@links.example",
      "https://a.example\nhttps://b.example\nhttps://c.example\nhttps://d.example",
    ),
  },
  {
    sender: "person",
    fields: person(
      "Mia",
      "mia@mail.example",
      "Best offers: https://x.example/1 | https://x.example/2 | https://x.example/3 | https://x.example/4",
    ),
  },
  { sender: "form", fields: person("Link", "link@mail.example", "www.cheap.example") },
  // SEO and web-design offers.
  ...[
    person(
      "Daniel Brooks",
      "daniel@webagency.example",
      "Hi there, I noticed your website could use a refresh. Our web design team builds modern, mobile-friendly sites from £299.",
      "Pixel Agency",
    ),
    person(
      "Sarah",
      "sarah@rankup.example",
      "Is your website not ranking? We improve your Google ranking in 30 days, guaranteed results.",
      "RankUp",
    ),
    person(
      "Marketing",
      "hello@growthhub.example",
      "We would like to redesign your website and boost your online presence. Reply YES for a free mock-up.",
      "GrowthHub",
    ),
    person(
      "Ravi",
      "ravi@seo.example",
      "Dear Sir, we provide SEO, SMO and PPC services at low cost. Kindly share your requirement.",
    ),
    person(
      "Jamie",
      "jamie@devstudio.example",
      "Hi team, I'm a freelance web developer. Your site loads slowly on mobile and looks dated. I can rebuild it in WordPress for a one-off £450.",
    ),
    person(
      "Audit Team",
      "audit@sitecheck.example",
      "I checked your website and found 27 errors hurting your search results. Would you like the full report? It's free.",
    ),
    person(
      "Anil",
      "anil@digital.example",
      "Greetings! We are a leading digital marketing company from India offering SMM, content writing and website development at affordable prices.",
    ),
    person(
      "Grace",
      "grace@mapsboost.example",
      "I noticed you're not showing in the Google Maps 3-pack for 'food waste collection Peterborough'. I can fix that in 30 days. Shall I send you a short video explaining how?",
    ),
    person(
      "Bot Builder",
      "demo@chatbots.example",
      "We build AI chatbots for websites that capture leads 24/7 and answer your customers instantly. Can I show you a demo this week?",
    ),
    person(
      "Studio",
      "hello@brandstudio.example",
      "Would you like a new logo and brand identity? Our designers deliver 3 concepts in 48 hours. Reply to this message for a free sample.",
    ),
    person(
      "Video Team",
      "videos@explainer.example",
      "Hey! We make explainer videos for businesses like yours. Our portfolio: https://videos.example/portfolio",
    ),
    person(
      "Reviews",
      "stars@reviews.example",
      "Do you want more reviews on Google? We help local businesses get 5-star reviews on autopilot.",
    ),
  ].map(asPerson),
  // Lead generation and appointment setting.
  ...[
    person(
      "Oliver Grant",
      "oliver@pipeline.example",
      "Hi, I came across Fenland Organics and wanted to reach out. We help waste management companies book 15-20 qualified sales appointments every month with facilities managers. Would you be open to a quick 10-minute call this week?",
      "Pipeline Partners",
    ),
    person(
      "Leads Desk",
      "leads@b2bleads.example",
      "Are you looking for more customers? Our B2B lead generation team delivers verified leads for commercial waste contractors. Pay per lead, no contract.",
    ),
    person(
      "Chloe",
      "chloe@setters.example",
      "Hello, I run an appointment setting agency. We cold call restaurants and hotels on your behalf and put meetings straight into your calendar. Interested?",
    ),
    person(
      "Ryan",
      "ryan@linkedgrowth.example",
      "Hey, would you be interested in a steady flow of new commercial clients? We use LinkedIn outreach to connect you with decision makers. Happy to share case studies.",
    ),
    person(
      "Priyanka",
      "priyanka@exclusiveleads.example",
      "Hi, I'm reaching out because we generate exclusive leads for waste and recycling businesses in Cambridgeshire. First 10 leads free. Reply 'YES' to get started.",
    ),
    person(
      "Growth Agency",
      "hi@growthagency.example",
      "We are a UK-based agency specialising in growth marketing for B2B service companies. Can I book 15 minutes in your diary to show you what we did for a similar firm?",
    ),
    person(
      "Data Sales",
      "sales@ukdata.example",
      "Hi, we offer data lists of 12,000 UK restaurants and food manufacturers with email addresses for your marketing campaigns.",
    ),
    person(
      "Buyers Network",
      "network@buyers.example",
      "Dear business owner, we have a list of verified buyers looking for commercial waste services in your area. Contact us to receive them.",
    ),
    person(
      "Ads Manager",
      "ads@ppcpro.example",
      "Your competitors are getting more calls than you. Let us run your Google Ads — the first month of management is free.",
    ),
    person(
      "Facebook Ads",
      "fb@localads.example",
      "We can put your business in front of 50,000 local homeowners with targeted Facebook ads. Packages from £199/month.",
    ),
    person(
      "VA Services",
      "va@assist.example",
      "Hi there, I'd like to offer you a virtual assistant service: 24/7 answering, CRM updates and outbound calls, from £6 per hour.",
    ),
    person(
      "Funding Desk",
      "funding@loans.example",
      "Looking for funding? We arrange business loans up to £500k with same-day decisions and no credit checks.",
    ),
  ].map(asPerson),
  // Backlink sellers and guest posts.
  ...[
    person(
      "Link Builder",
      "outreach@links.example",
      "We sell high domain authority backlinks (DA 50+). Permanent do-follow links, £20 each.",
    ),
    person(
      "Tom",
      "tom@outreach.example",
      "Would you accept a guest post on your blog? We pay $50 per article with one backlink.",
    ),
    person(
      "Link building",
      "lb@mail.example",
      "Affordable link building packages for waste management websites.",
    ),
    person(
      "Writer",
      "writer@articles.example",
      "I can write guest articles for your website on composting and recycling. In exchange I ask for one link back to my client's site.",
    ),
    person(
      "Editorial",
      "editor@content.example",
      "We'd like to publish a sponsored article on your blog about sustainability. What is your fee for a do-follow link?",
    ),
    person(
      "Partnerships",
      "partners@contentco.example",
      "I am writing to propose a content partnership: we write a monthly article for your blog and you link to our partners. No cost to you.",
    ),
  ].map(asPerson),
  // Crypto.
  ...[
    person("Invest", "invest@coin.example", "Receive 500 USDT today: claim your airdrop before it ends."),
    person(
      "Ethan",
      "ethan@eth.example",
      "Turn £250 into £5,000 with ethereum trading. Our experts do the work for you.",
    ),
    person(
      "Crypto desk",
      "desk@fx.example",
      "Cryptocurrency investment opportunity with guaranteed monthly returns.",
    ),
  ].map(asPerson),
  // Cyrillic and other scripts.
  {
    sender: "none",
    fields: person(
      "Алексей",
      "alex@mail.example",
      "Здравствуйте! Предлагаем услуги по продвижению сайтов в поисковых системах. Пишите нам.",
    ),
  },
  {
    sender: "person",
    fields: person(
      "Иван",
      "ivan@mail.example",
      "Добрый день, дешёвые кредиты без проверки, подробности на сайте https://credit.example",
    ),
  },
  {
    sender: "person",
    fields: person(
      "王先生",
      "wang@mail.example",
      "您好，我们提供专业的网站推广服务，价格优惠，请访问 https://promo.example 了解详情。",
    ),
  },
  {
    sender: "instant",
    fields: person(
      "Kasia",
      "kasia@mail.example",
      "Привет! Лучшие предложения для вашего бизнеса здесь и сейчас, звоните.",
    ),
  },
  // Fake notices: domains, listings, profiles, invoices.
  ...[
    person(
      "Domain Services",
      "notice@domain-renewal.example",
      "DOMAIN EXPIRATION NOTICE for fenlandorganics.co.uk. Complete your search engine submission by today to avoid losing your listing.",
      "Domain Services",
    ),
    person(
      "Registrar",
      "billing@registrar.example",
      "Final expiration notice: your domain name will be removed from search results. Pay at https://renew.example",
      "Registrar Ltd",
    ),
    person(
      "Domain Notice",
      "notice@mail.example",
      "Your domain is about to expire. Renew now to keep your email working.",
    ),
    person(
      "Domain Registry",
      "registry@domainreg.example",
      "Domain Registration Notice: fenlandorganics.co.uk — your domain listing is pending cancellation. Secure your listing today: https://domain-reg.example/secure",
    ),
    person(
      "Listing Team",
      "listings@seolisting.example",
      "Attention: your SEO listing for fenlandorganics.co.uk expires in 3 days. Renew now to keep your search visibility.",
    ),
    person(
      "Google Business",
      "support@g-business.example",
      "Google Business Profile: your business listing will be suspended due to unverified information. Verify now at https://g-verify.example/profile",
    ),
    person(
      "Accounts Receivable",
      "ar@webdirectory.example",
      "Invoice #INV-20931 for your annual web directory listing (£249.00) is now overdue. Please settle the invoice via the link below to avoid suspension. https://pay.example/inv20931",
    ),
    person(
      "UK Business Directory",
      "renewals@ukbd.example",
      "Final notice: the annual renewal fee for your business directory entry is due. Failure to pay will result in removal.",
    ),
    person(
      "Maps Verification",
      "verify@mapsverify.example",
      "Your Google Maps listing is not verified. Call 0800 000 000 within 24 hours to avoid losing your position.",
    ),
    person(
      "Billing",
      "billing@hostingco.example",
      "We have not received payment for invoice 4471 (website hosting). Your services will be interrupted. Pay here: https://billing.example/4471",
    ),
    person(
      "Domain Service",
      "service@domainservice.example",
      "DOMAIN SERVICE NOTICE. This is to inform you that the search engine registration for fenlandorganics.co.uk has lapsed.",
    ),
    person(
      "SSL Team",
      "ssl@certs.example",
      "Your website's SSL certificate expires today. Visitors will see a security warning. Renew in one click: https://ssl-renew.example",
    ),
    person(
      "Mr Li",
      "li@asia-registry.example",
      "Trademark notice: a company has applied to register 'Fenland Organics' as their domain names in Asia. Please confirm whether they are your partner.",
    ),
    person(
      "Mail Admin",
      "admin@mailhost.example",
      "Your email account storage is full. Incoming messages will be rejected. Upgrade your mailbox: https://mail-upgrade.example",
    ),
    person(
      "Directory Accounts",
      "accounts@directory2026.example",
      "Payment reminder: your listing in the UK Business Directory 2026 edition (£395 + VAT) is due. Invoice attached.",
    ),
    person(
      "Profile Support",
      "support@gprofile.example",
      "Important: your Google business profile has been flagged for suspension. Reply to this message to keep your listing live.",
    ),
    person(
      "Domain Expiry",
      "expiry@domains.example",
      "Notice of domain name expiry: fenlandorganics.co.uk will be released on 14 March unless renewed.",
    ),
    person(
      "Meta Support",
      "support@meta-support.example",
      "Your Facebook page has been reported for copyright infringement and will be disabled. Appeal here: https://meta-support.example/appeal",
    ),
    person(
      "Maintenance",
      "finance@webcare.example",
      "Dear customer, your annual maintenance invoice is attached. Kindly remit payment within 48 hours: https://remit.example",
    ),
  ].map(asPerson),
  // Written after the rules of issue 45 were first set, then measured (and the rules widened).
  ...[
    person(
      "Daniel",
      "daniel@fillcal.example",
      "Hello! My name is Daniel and I work with companies in the environmental sector to fill their sales calendars. Last month we helped a skip hire firm sign 9 new contracts. Worth a chat?",
    ),
    person(
      "Acquisition",
      "hello@acquire.example",
      "Hi, do you currently outsource any of your customer acquisition? We specialise in getting commercial waste firms in front of restaurant owners.",
    ),
    person(
      "Local SEO",
      "hi@localseo.example",
      "Good day, we noticed fenlandorganics.co.uk doesn't appear for key searches in your area. We can change that with our local SEO packages.",
    ),
    person(
      "Loom",
      "ideas@growthvideo.example",
      "Hi, I put together a short Loom video with 3 ideas to get more enquiries through your contact page. Want me to send it over?",
    ),
    person(
      "Leads",
      "sales@postcodeleads.example",
      "Hey there — we provide pre-qualified commercial cleaning and waste leads, exclusive to one company per postcode. Can I send pricing?",
    ),
    person(
      "Top 10",
      "editor@top10.example",
      "We'd love to feature Fenland Organics in our 'Top 10 Waste Companies in the UK' article. There's a small publication fee of £75.",
    ),
    person(
      "Sam",
      "sam@callers.example",
      "Hello, I'm Sam from a telemarketing company. Our callers can reach 500 hospitality businesses a week for you.",
    ),
    person(
      "Compliance",
      "fix@a11y.example",
      "Your website is not ADA compliant and you could be sued. We fix accessibility issues for a one-time fee.",
    ),
    person(
      "Follow-up",
      "rev@referrals.example",
      "Hi, this is a follow-up to my previous message about increasing your revenue with our referral programme. Have you had a chance to look?",
    ),
    person(
      "Followers",
      "grow@insta.example",
      "Would you be interested in boosting your Instagram followers? 10k real followers for £49.",
    ),
    person(
      "DNS",
      "dns@verify.example",
      "URGENT: Your domain fenlandorganics.co.uk DNS records will be deleted in 24h. Confirm ownership: https://dns-verify.example",
    ),
    person(
      "Directory",
      "fix@yell-verify.example",
      "Hello, your company is listed incorrectly in the Yell directory. To correct the details and avoid delisting, please pay the verification fee at https://yell-verify.example",
    ),
    person(
      "Accounts",
      "ar@adsco.example",
      "Reminder: Invoice 8812 for your online advertising package (£312.00) remains outstanding. Please make payment today.",
    ),
    person(
      "Hosting",
      "support@restore-host.example",
      "Your website hosting plan has expired. All files will be deleted in 3 days. Restore access: https://restore-host.example",
    ),
    person(
      "Companies Office",
      "notices@ch-update.example",
      "Notice: Companies House requires you to update your business registration. Failure to comply may lead to penalties. Complete the form: https://companieshouse-update.example",
    ),
    person(
      "Delivery",
      "parcels@redeliver.example",
      "We tried to deliver your parcel today. Pay the £1.99 redelivery fee at https://royal-redeliver.example",
    ),
    person(
      "IT Desk",
      "it@m365-keep.example",
      "Your Microsoft 365 password expires today. Keep your current password here: https://m365-keep.example",
    ),
    person(
      "Trademarks",
      "tm@tmrenewals.example",
      "Dear Business Owner, this is your final reminder that your trademark registration is due for renewal. Respond within 5 working days.",
    ),
  ].map(asPerson),
  {
    sender: "form",
    fields: person("Renewals", "renew@mail.example", "Your listing is about to lapse, renew today."),
  },
  // Bots: instantly, without a page, without a token.
  {
    sender: "instant",
    fields: person(
      "James",
      "james@mail.example",
      "Hi, are you accepting new clients? Please get back to me.",
    ),
  },
  {
    sender: "form",
    fields: person("Robert", "robert@mail.example", "Hello, please send me your price list."),
  },
  { sender: "form", fields: person("Linda", "linda@mail.example", "Is this still available?") },
  {
    sender: "instant",
    fields: person(
      "Mary",
      "mary@mail.example",
      "Quick question about your services, see https://mary.example",
    ),
  },
  {
    sender: "headless",
    fields: person(
      "Paul",
      "paul@mail.example",
      "Great website! Check out https://deals.example for web design.",
    ),
  },
  {
    sender: "headless",
    fields: person("Nina", "nina@mail.example", "Hello, I would like a quote, please call me."),
  },
  {
    sender: "headless",
    fields: person(
      "Owen",
      "owen@mail.example",
      "Hi, we need a weekly food waste collection for our restaurant.",
    ),
  },
  {
    kind: "tankering",
    sender: "headless",
    fields: tankering("Zack", "zack@mail.example", "Please send a tanker for our site, call me back."),
  },
  {
    sender: "none",
    fields: person("Bot", "bot@mail.example", "Hello, please call me back about your services."),
  },
  {
    sender: "none",
    fields: person("Visitor", "visitor@mail.example", "We need food waste collected weekly from our cafe."),
  },
  {
    kind: "tankering",
    sender: "none",
    fields: tankering("Tank Bot", "tank@mail.example", "How much for a tanker of waste water?"),
  },
  // Three more batches, each written after the rules of the batch before were set (issue 45):
  // sent as a person sends them, so they are caught on their words alone.
  ...[
    person(
      "Sender b0",
      "sb0@mail.example",
      "Hi Fenland team, we're helping facilities companies across the East of England win public sector contracts through our tender-writing service. Can we arrange a call?",
    ),
    person(
      "Sender b1",
      "sb1@mail.example",
      "Good morning, I wanted to check if you're taking on new business at the moment? We introduce hotels and restaurants looking for waste suppliers. Commission only.",
    ),
    person(
      "Sender b2",
      "sb2@mail.example",
      "Hi! I love what you're doing. I'm a content creator with 80k followers on TikTok and would like to collaborate on a paid post.",
    ),
    person(
      "Sender b3",
      "sb3@mail.example",
      "Hello there, I can help you get more clients from Google without paying for ads. Can I send you a short proposal?",
    ),
    person(
      "Sender b4",
      "sb4@mail.example",
      "Just checking in to see if you received my email about our bookkeeping services? We save small businesses an average of 12 hours a month.",
    ),
    person(
      "Sender b5",
      "sb5@mail.example",
      "We're offering a free website health check this month for businesses in Peterborough. Simply reply to claim yours.",
    ),
    person(
      "Sender b6",
      "sb6@mail.example",
      "Hi, our software helps waste management businesses automate route planning and invoicing. Would you like a 14-day trial?",
    ),
    person(
      "Sender b7",
      "sb7@mail.example",
      "Are you the right person to speak to about your company's energy bills? We can typically reduce them by 30%.",
    ),
    person(
      "Sender b8",
      "sb8@mail.example",
      "Hey, I run a small agency that builds high-converting landing pages. Happy to mock up a new homepage for free, no strings attached.",
    ),
    person(
      "Sender b9",
      "sb9@mail.example",
      "I'm reaching out to offer our YouTube channel promotion service: guaranteed 100k views.",
    ),
    person(
      "Sender b10",
      "sb10@mail.example",
      "Hello, we have buyers interested in acquiring businesses like yours. Have you ever considered selling? Confidential valuation available.",
    ),
    person(
      "Sender b11",
      "sb11@mail.example",
      "Your business has been selected for a £10,000 government green grant. Claim it here: https://green-grant.example",
    ),
    person(
      "Sender b12",
      "sb12@mail.example",
      "ATTENTION: Your domain name fenlandorganics.co.uk is scheduled for deletion on 30/04. To keep it active, complete the renewal at https://uk-domains-renew.example",
    ),
    person(
      "Sender b13",
      "sb13@mail.example",
      "Your Google listing has received a complaint and is now under review. Reply within 48 hours with your business documents or it will be removed.",
    ),
    person(
      "Sender b14",
      "sb14@mail.example",
      "Invoice 22-0913 from Web Services Ltd: £189.00 for SEO maintenance. Payment is overdue; please pay immediately to avoid late charges.",
    ),
    person(
      "Sender b15",
      "sb15@mail.example",
      "Hello, this is the domain registration center in Shanghai. We received an application to register fenlandorganics.cn and .asia. Are these companies your distributors?",
    ),
    person(
      "Sender b16",
      "sb16@mail.example",
      "Apple ID: your account has been locked for security reasons. Unlock it at https://appleid-unlock.example",
    ),
    person(
      "Sender b17",
      "sb17@mail.example",
      "Business Listing Renewal – Reminder 2. Your entry in the National Business Register will not be published unless payment of £299 is received.",
    ),
    person(
      "Sender b18",
      "sb18@mail.example",
      "Security alert: unusual sign-in to your Microsoft account from Russia. If this wasn't you, secure your account: https://ms-secure.example",
    ),
    person(
      "Sender b19",
      "sb19@mail.example",
      "Dear Sir/Madam, our records show your company's data protection registration fee of £40 is unpaid. Failure to pay may result in a fine of up to £4,000.",
    ),
    person(
      "Sender b20",
      "sb20@mail.example",
      "We detected malware on fenlandorganics.co.uk. Your site will be blacklisted by Google unless you install our security plugin: https://site-secure.example",
    ),
    person(
      "Sender b21",
      "sb21@mail.example",
      "Final Reminder: your VAT return is incomplete. Log in at https://hmrc-refund.example to receive your refund of £812.40.",
    ),
    person(
      "Sender b22",
      "sb22@mail.example",
      "Hi there, we generate 20-30 inbound enquiries a month for skip hire and waste companies through Google and Facebook. No results, no fee. Shall we talk?",
    ),
    person(
      "Sender b23",
      "sb23@mail.example",
      "Hello, do you need help managing your social media? I post 3 times a week for £150 a month, including graphics.",
    ),
    person(
      "Sender b24",
      "sb24@mail.example",
      "Hi, I work in partnerships at a lead marketplace. Restaurants post their waste collection jobs and contractors like you bid on them. Want early access?",
    ),
    person(
      "Sender c0",
      "sc0@mail.example",
      "Hi there! We're a small team that books sales meetings for B2B companies. Our clients usually see 8-12 extra meetings a month. Open to learning more?",
    ),
    person(
      "Sender c1",
      "sc1@mail.example",
      "Hello, I'd like to discuss a partnership opportunity. We have a network of 300+ hospitality venues that need regular waste services and we're looking for a reliable provider to refer them to for a small commission per signed client.",
    ),
    person(
      "Sender c2",
      "sc2@mail.example",
      "Hi, Jenna here from ScaleUp. Quick one: if I could get you 10 new commercial contracts in the next 90 days, would that be of interest?",
    ),
    person(
      "Sender c3",
      "sc3@mail.example",
      "Hey! Noticed your company is hiring. We offer recruitment services with no placement fee until the candidate starts.",
    ),
    person(
      "Sender c4",
      "sc4@mail.example",
      "Hello, this is Mark from Bright Digital. We recently completed an analysis of your online presence and identified several opportunities. When is a good time for a call?",
    ),
    person(
      "Sender c5",
      "sc5@mail.example",
      "Greetings, we provide 100% manual directory submissions and social bookmarking for better Google visibility. Prices start from $30.",
    ),
    person(
      "Sender c6",
      "sc6@mail.example",
      "Dear Manager, we are a manufacturer of compostable bin liners and food caddies from China. Factory price, MOQ 5000 pcs. Please check our catalogue.",
    ),
    person(
      "Sender c7",
      "sc7@mail.example",
      "Would you like to list your company on our new green business marketplace? Free for the first 3 months, then £29.99/month.",
    ),
    person(
      "Sender c8",
      "sc8@mail.example",
      "Hi, are you still looking for more customers? I have a list of 2,500 restaurants in Cambridgeshire that are unhappy with their waste provider.",
    ),
    person(
      "Sender c9",
      "sc9@mail.example",
      "Hello, I am a professional copywriter. I noticed your blog hasn't been updated in months. I can write 4 SEO-optimised articles a month for you.",
    ),
    person(
      "Sender c10",
      "sc10@mail.example",
      "Hi, we help companies like yours cut their card processing fees. Most of our clients save over £2,000 a year. Can I send a quick comparison?",
    ),
    person(
      "Sender c11",
      "sc11@mail.example",
      "I'm getting in touch because we've been working with several waste management firms to improve their online reviews. Would it be worth a quick chat?",
    ),
    person(
      "Sender c12",
      "sc12@mail.example",
      "Good afternoon, we noticed that your website does not have a live chat. Our AI receptionist answers every call and website visitor 24/7. Try it free for 30 days.",
    ),
    person(
      "Sender c13",
      "sc13@mail.example",
      "Hi, I came across your business on LinkedIn and wanted to introduce our fleet tracking solution. It cuts fuel costs by up to 15%. Can we schedule a demo?",
    ),
    person(
      "Sender c14",
      "sc14@mail.example",
      "Hey, we run Google Local Services Ads for trade businesses. Pay only for real leads. Reply and I'll send details.",
    ),
    person(
      "Sender c15",
      "sc15@mail.example",
      "NOTICE: fenlandorganics.co.uk — Domain Renewal Required. Your domain hosting subscription ends in 2 days. Failure to renew will result in loss of your website and email. Renew: https://renewal-centre.example",
    ),
    person(
      "Sender c16",
      "sc16@mail.example",
      "Your business listing on UK Local Search requires verification. Please confirm your details within 7 days to keep your free listing: https://uklocalsearch.example/verify",
    ),
    person(
      "Sender c17",
      "sc17@mail.example",
      "Hi, we are contacting you regarding your outstanding invoice #00471 for search engine optimisation services. Please remit £495.00 by Friday to avoid collection proceedings.",
    ),
    person(
      "Sender c18",
      "sc18@mail.example",
      "IMPORTANT: Google Business Profile - Ownership claim. Someone has requested ownership of your Google Business Profile. If you do not respond, ownership will be transferred in 7 days.",
    ),
    person(
      "Sender c19",
      "sc19@mail.example",
      "Dear Customer, your domain fenlandorganics.co.uk has been flagged as inactive and will be deleted from the registry. Click below to reactivate.",
    ),
    person(
      "Sender c20",
      "sc20@mail.example",
      "Your payment for the annual Trade Directory listing could not be processed. Please update your card details at https://tradedirectory-pay.example to avoid interruption.",
    ),
    person(
      "Sender c21",
      "sc21@mail.example",
      "We are writing to inform you that your website's SSL certificate and domain protection have lapsed. Visitors are now seeing a 'Not Secure' warning. Reactivate protection today for just £59.",
    ),
    person(
      "Sender c22",
      "sc22@mail.example",
      "Re: Your Invoice – Payment Confirmation Required. Please see the attached invoice and confirm payment details via the secure portal: https://invoice-portal.example",
    ),
    person(
      "Sender c23",
      "sc23@mail.example",
      "Final notice from UK Companies Register: your annual listing confirmation is overdue. Pay £189 now to remain listed.",
    ),
    person(
      "Sender c24",
      "sc24@mail.example",
      "Your mailbox has exceeded its storage limit. You may not be able to send or receive new emails. Click here to increase your storage: https://mail-storage.example",
    ),
    person(
      "Sender c25",
      "sc25@mail.example",
      "Get cheap Ozempic online without prescription, fast UK delivery: https://pharma.example",
    ),
    person(
      "Sender c26",
      "sc26@mail.example",
      "Hi! I'm Anastasia, 25, looking for a serious relationship. Write to me at https://date.example",
    ),
    person(
      "Sender c27",
      "sc27@mail.example",
      "We buy used cars! Any condition, cash paid same day. Call 07000 000000.",
    ),
    person(
      "Sender c28",
      "sc28@mail.example",
      "Congratulations! You have won a £500 Tesco voucher. Claim now: https://tesco-prize.example",
    ),
    person(
      "Sender c29",
      "sc29@mail.example",
      "Hello, our company offers cheap flights and hotel bookings for your business travel. Visit https://travel.example",
    ),
    person(
      "Sender d0",
      "sd0@mail.example",
      "Hello Fenland Organics team,\n\nI hope this message finds you well. I'm Priya, business development manager at Nexa Solutions. We partner with environmental services firms to streamline their client onboarding. I'd welcome 15 minutes to walk you through how we've helped similar organisations. Best regards",
    ),
    person(
      "Sender d1",
      "sd1@mail.example",
      "Hi, I've been following Fenland Organics for a while and I think there's a big opportunity to grow your commercial client base in Norfolk. We've done this for three other recycling companies. Can I share how?",
    ),
    person(
      "Sender d2",
      "sd2@mail.example",
      "Good morning. Do you have capacity for more work? We connect contractors with local restaurants needing regular services. There's no sign-up cost, you only pay when you win a job.",
    ),
    person(
      "Sender d3",
      "sd3@mail.example",
      "Hi there, quick note — we put together a list of 140 food manufacturers in East Anglia that are currently reviewing their waste contracts. Would you like a copy?",
    ),
    person(
      "Sender d4",
      "sd4@mail.example",
      "Hello, we are a digital agency offering a complete rebrand package (logo, website, social templates) for £995. Happy to send examples.",
    ),
    person(
      "Sender d5",
      "sd5@mail.example",
      "Are you happy with the number of enquiries your website gets each month? Most waste businesses we speak to aren't. We fix that.",
    ),
    person(
      "Sender d6",
      "sd6@mail.example",
      "Hi, I'm a local photographer and I'd love to do a photo shoot of your team and vehicles for your website. Special rate this month.",
    ),
    person(
      "Sender d7",
      "sd7@mail.example",
      "Hello, we're an Amazon-verified review service. Boost your product rating with genuine-looking reviews.",
    ),
    person(
      "Sender d8",
      "sd8@mail.example",
      "Dear Sir, we can offer you a business grant of up to £25,000 for green energy equipment. Your company qualifies. Reply to apply.",
    ),
    person(
      "Sender d9",
      "sd9@mail.example",
      "Hey, saw you're on Trustpilot with only 4 reviews. We help businesses collect hundreds of reviews automatically.",
    ),
    person(
      "Sender d10",
      "sd10@mail.example",
      "Hi, we're building a directory of sustainable suppliers for the hospitality sector and would like to include you. Premium placement is £49 per month.",
    ),
    person(
      "Sender d11",
      "sd11@mail.example",
      "Hello! I run a LinkedIn ghostwriting service for founders. I'll write 3 posts a week in your voice so you can focus on the business.",
    ),
    person(
      "Sender d12",
      "sd12@mail.example",
      "Domain expiry reminder: fenlandorganics.co.uk expires on 15 June 2026. Renew today to avoid service interruption and keep your email addresses working.",
    ),
    person(
      "Sender d13",
      "sd13@mail.example",
      "Your company's listing in the UK Waste Contractors Directory is incomplete and will not appear in searches. Complete your profile now (£129 annual fee): https://wastedirectory.example",
    ),
    person(
      "Sender d14",
      "sd14@mail.example",
      "Unpaid invoice INV-3391 – Google Ads management, August. Amount due: £640.00. Please arrange payment at your earliest convenience.",
    ),
    person(
      "Sender d15",
      "sd15@mail.example",
      "We have detected a problem with your business email. Messages to info@fenlandorganics.co.uk are being held. Release them here: https://mail-release.example",
    ),
    person(
      "Sender d16",
      "sd16@mail.example",
      "Notice of intent to register: an applicant has filed to register 'fenland-organics' domains in several Asian countries. Please contact us urgently to discuss.",
    ),
    person(
      "Sender d17",
      "sd17@mail.example",
      "Your Google Maps pin has been reported as incorrect. Update your location within 72 hours or your listing may be hidden.",
    ),
    person(
      "Sender d18",
      "sd18@mail.example",
      "This is a courtesy reminder that your website domain and hosting package is due for renewal. To avoid losing your website, please renew via the link: https://host-renew.example",
    ),
    person(
      "Sender d19",
      "sd19@mail.example",
      "Hello, I'm emailing about the attached invoice for your advert in the Fenland Business Guide 2026. Payment terms are 7 days.",
    ),
    person(
      "Sender d20",
      "sd20@mail.example",
      "Your business Facebook page violates our community standards and will be permanently removed. Verify your page here: https://fb-verify.example",
    ),
    person(
      "Sender d21",
      "sd21@mail.example",
      "Important account notice: your Companies House filing is late. Pay the late filing penalty of £150 to avoid further action: https://ch-penalty.example",
    ),
    person(
      "Sender d22",
      "sd22@mail.example",
      "Dear Customer, we were unable to renew your domain fenlandorganics.co.uk automatically. Please update your billing information to prevent suspension.",
    ),
    person(
      "Sender d23",
      "sd23@mail.example",
      "Your website has been submitted to 300 search engines. Please pay the submission fee of £85 to keep your listings active.",
    ),
    person(
      "Sender d24",
      "sd24@mail.example",
      "Hello, I need a loan urgently, can you help me? I will pay back with interest.",
    ),
    person(
      "Sender d25",
      "sd25@mail.example",
      "Hi dear, I am Mrs. Grace from Nigeria, I have a business proposal worth $4.5 million for you. Reply for details.",
    ),
    person(
      "Sender d26",
      "sd26@mail.example",
      "Make £500 a day working from home! No experience needed. Visit https://work-home.example",
    ),
    person(
      "Sender d27",
      "sd27@mail.example",
      "Hi, would you be interested in buying our used refuse truck? 2018 model, low mileage, £35,000.",
    ),
    person(
      "Sender d28",
      "sd28@mail.example",
      "Bulk SMS service for businesses. Reach 10,000 customers instantly for just £20.",
    ),
    person(
      "Sender d29",
      "sd29@mail.example",
      "Hello, we sell premium CBD oils wholesale. Check our range at https://cbd.example",
    ),
  ].map(asPerson),
  // The last batch, written after the rules were set and measured before they were widened for
  // it: 18 of 30 caught on their words alone (docs/features.md).
  ...[
    person(
      "Sender e0",
      "se0@mail.example",
      "Hi, hope you're well. I help owner-run service businesses get booked solid through a simple referral system. Mind if I send over a 2-minute video?",
    ),
    person(
      "Sender e1",
      "se1@mail.example",
      "Good afternoon – we run targeted email campaigns to facilities managers across the UK. Last quarter our clients averaged 22 new meetings. Fancy a chat?",
    ),
    person(
      "Sender e2",
      "se2@mail.example",
      "Hello, I'm contacting you from Vantage Media. We'd like to include Fenland Organics in a sponsored feature in our Green Business magazine. Packages from £450.",
    ),
    person(
      "Sender e3",
      "se3@mail.example",
      "Hi! Your Google reviews are great but you're missing out on customers searching 'food waste near me'. I can get you to the top in 60 days.",
    ),
    person(
      "Sender e4",
      "se4@mail.example",
      "Hey, are you looking to expand? We have warm introductions to 40 hotel groups that are switching waste suppliers this year.",
    ),
    person(
      "Sender e5",
      "se5@mail.example",
      "Hello, I'm a web designer based in Leeds. I had a look at your site and put together a free redesign concept. Would you like to see it?",
    ),
    person(
      "Sender e6",
      "se6@mail.example",
      "Hi there, do you want to increase your sales by 40% in 3 months? Our consultants guarantee it or your money back.",
    ),
    person(
      "Sender e7",
      "se7@mail.example",
      "We're offering local businesses a free listing on our new app, WasteFinder. Upgrade to featured for £15/week.",
    ),
    person(
      "Sender e8",
      "se8@mail.example",
      "Hi, are you open to outsourcing your customer service calls? Our UK call centre starts at £3 per call.",
    ),
    person(
      "Sender e9",
      "se9@mail.example",
      "Hello, I'd love to help you hire drivers faster. We've placed 200+ HGV drivers with recycling firms. Can I send our rates?",
    ),
    person(
      "Sender e10",
      "se10@mail.example",
      "Good morning, would you like more 5-star reviews? Our system texts your customers automatically after each job.",
    ),
    person(
      "Sender e11",
      "se11@mail.example",
      "Hi, we produce short promotional videos for environmental companies. Here is our showreel: https://showreel.example",
    ),
    person(
      "Sender e12",
      "se12@mail.example",
      "Your domain fenlandorganics.co.uk will expire in 5 days. After expiry your website and email will stop working. Renew here: https://domain-centre.example/renew",
    ),
    person(
      "Sender e13",
      "se13@mail.example",
      "Attention: we were unable to verify your business listing on Local Business Index. Please confirm your details or your listing will be deactivated.",
    ),
    person(
      "Sender e14",
      "se14@mail.example",
      "Invoice #7712 – Search Engine Registration (annual). Amount: £279.00. Due: immediately. Pay online: https://search-reg.example/7712",
    ),
    person(
      "Sender e15",
      "se15@mail.example",
      "Dear Fenland Organics, your website security certificate has expired. Customers are being warned your site is unsafe. Fix now: https://ssl-fix.example",
    ),
    person(
      "Sender e16",
      "se16@mail.example",
      "Your Google Business Profile will be suspended in 48 hours due to policy violations. To appeal, log in here: https://gbp-appeal.example",
    ),
    person(
      "Sender e17",
      "se17@mail.example",
      "Notice: your email account has reached 99% of its quota. Messages will bounce. Increase your quota: https://quota.example",
    ),
    person(
      "Sender e18",
      "se18@mail.example",
      "We have received a request to transfer the domain fenlandorganics.co.uk to another registrar. If you did not request this, cancel the transfer here: https://transfer-cancel.example",
    ),
    person(
      "Sender e19",
      "se19@mail.example",
      "Reminder: your annual entry in the UK Trade Register is unpaid. Please pay £198 + VAT to keep your entry.",
    ),
    person(
      "Sender e20",
      "se20@mail.example",
      "Final notice: your website hosting account is overdue. Service will be stopped on Friday unless payment is made.",
    ),
    person(
      "Sender e21",
      "se21@mail.example",
      "Hello, this is a reminder that your trademark 'Fenland Organics' must be renewed in the EU register. The fee is €890. Pay within 10 days.",
    ),
    person(
      "Sender e22",
      "se22@mail.example",
      "Important: suspicious login attempt on your website admin panel. Reset your password immediately: https://wp-reset.example",
    ),
    person(
      "Sender e23",
      "se23@mail.example",
      "Your PayPal business account has been limited. Confirm your identity to restore full access: https://paypal-restore.example",
    ),
    person(
      "Sender e24",
      "se24@mail.example",
      "Earn passive income with our AI trading robot. Minimum deposit £250. Join on Telegram.",
    ),
    person(
      "Sender e25",
      "se25@mail.example",
      "Hello, I am a lawyer representing the estate of a late client who shares your surname. Please contact me urgently about an inheritance.",
    ),
    person("Sender e26", "se26@mail.example", "Buy Instagram likes and followers cheap, instant delivery!"),
    person(
      "Sender e27",
      "se27@mail.example",
      "Hi, we are selling 500 used wheelie bins at half price. Interested?",
    ),
    person(
      "Sender e28",
      "se28@mail.example",
      "Stop paying too much for your business energy! Compare quotes from 30 suppliers in minutes.",
    ),
    person(
      "Sender e29",
      "se29@mail.example",
      "Hi, I found a bug on your website that lets anyone see your customer data. Pay me £200 in bitcoin and I will tell you how to fix it.",
    ),
  ].map(asPerson),
  // Held out: written for the door audit of 2 December 2026 (issue 45) before its author read the
  // rules, sent as a person: 9 of 10 caught; the data-list seller got through until its words
  // (an adjective before 'list of', 'decision-maker emails', 'this month only') were scored.
  ...[
    person(
      "Grace Holt",
      "grace@leadflowpro.example",
      "Hi there, I came across Fenland Organics and noticed you could be getting far more enquiries. We deliver 20-30 qualified B2B appointments a month to waste firms, pay per meeting. Can I send over a short case study?",
      "LeadFlow Pro",
    ),
    person(
      "Daniel Price",
      "daniel.price@growthbridge.example",
      "Quick question - who handles new business at your company? We book sales calls with decision makers at food manufacturers for companies like yours. Worth a 10 minute chat this week?",
      "GrowthBridge",
    ),
    person(
      "Domain Services",
      "renewals@uk-domain-registry-notice.example",
      "FINAL NOTICE: The domain fenlandorganics.co.uk is due for expiry. Failure to renew by Friday may result in loss of your online presence and email. Complete payment of £89 at the link below to avoid suspension.",
      "Domain Registry Services",
    ),
    person(
      "Listing Dept",
      "listing@ukbusiness-directory-online.example",
      "Your business listing for Fenland Organics is incomplete and will be removed from the directory. Confirm your details and pay the annual listing fee of £199+VAT within 7 days to stay listed.",
      "UK Business Directory",
    ),
    person(
      "Sam Carter",
      "sam@rankhigher.example",
      "Hello, your website is not showing on the first page of Google for 'organic waste collection Peterborough'. Our SEO team can guarantee top 3 rankings in 90 days. Reply YES for a free audit.",
      "RankHigher",
    ),
    person(
      "Priya N",
      "priya@webrevamp.example",
      "I had a look at your site and it loads slowly on mobile and looks outdated. We redesign websites for trades businesses from £499. Shall I send a mock-up of a new homepage?",
      "WebRevamp",
    ),
    person(
      "Invoice Team",
      "accounts@invoice-reminder.example",
      "Overdue invoice INV-22918 for your company's trademark registration renewal remains unpaid. To avoid legal action please settle the outstanding balance today.",
      "Accounts",
    ),
    person(
      "Tom Ellis",
      "tom@fundfast.example",
      "Is cash flow holding Fenland Organics back? We offer business loans up to £250k with approval in 24 hours, no credit checks. Can I call you tomorrow to discuss?",
      "FundFast Capital",
    ),
    person(
      "Reviews Team",
      "hello@5starboost.example",
      "Get more 5-star Google reviews on autopilot. Businesses like yours see 3x more leads. Start your free trial today, no card needed.",
      "5StarBoost",
    ),
    person(
      "Oliver B",
      "oliver@datalists.example",
      "We have a verified list of 12,000 UK food and drink manufacturers with decision-maker emails and phone numbers. Special price this month only. Want a sample?",
      "DataLists UK",
    ),
  ].map(asPerson),
];
