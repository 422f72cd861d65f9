/** Home banners and the information pages (simple HTML, sanitised again by the client). */

export interface BannerDef {
  title: string;
  subtitle: string;
  link: string | null;
  /** The banner belongs to this shop (its link opens the shop). */
  shopSlug?: string;
  isActive: boolean;
}

export const BANNERS: BannerDef[] = [
  { title: 'Reduceri de toamnă', subtitle: 'Până la 50% la geci, pulovere și paltoane second-hand', link: '/best-deal', isActive: true },
  {
    title: 'Haine de iarnă la prețuri mici',
    subtitle: 'Geci de puf, căciuli și ghete, verificate bucată cu bucată',
    link: '/categories/imbracaminte-femei',
    isActive: true,
  },
  {
    title: 'Cărți cu poveste',
    subtitle: 'Ediții vechi și noi de la Anticariatul Literar',
    link: null,
    shopSlug: 'anticariatul-literar',
    isActive: true,
  },
  {
    title: 'Electronice verificate',
    subtitle: 'Telefoane și laptopuri testate, cu 6 luni garanție',
    link: '/categories/electronice',
    isActive: true,
  },
  { title: 'Vara în culori', subtitle: 'Rochii și sandale pentru zilele însorite', link: '/categories/incaltaminte', isActive: false },
];

const html = (parts: string[]) => parts.join('\n');

export const SUBPAGES: { title: string; slug: string; section: 'about' | 'information'; content: string }[] = [
  {
    title: 'Despre noi',
    slug: 'about-us',
    section: 'about',
    content: html([
      '<h2>Lucruri bune merită o a doua viață</h2>',
      '<p>Talcioc a pornit în 2021, la Cluj-Napoca, dintr-o idee simplă: în dulapurile, podurile și rafturile noastre stau lucruri foarte bune pe care nu le mai folosim, iar altcineva le caută chiar acum. Am vrut un loc în care magazinele second-hand din toată țara să le poată vinde ușor, iar cumpărătorii să le găsească fără să colinde zeci de anunțuri.</p>',
      '<p>Astăzi, pe Talcioc vând anticariate, magazine de haine vintage, ateliere de reparat electronice și mici afaceri de familie din Cluj-Napoca, Iași, Brașov, Sibiu, București, Timișoara și Oradea. Fiecare magazin este verificat înainte de a fi publicat, iar produsele sunt descrise cinstit, cu defecte cu tot.</p>',
      '<h2>Ce ne propunem</h2>',
      '<ul>',
      '<li>Să facem cumpărăturile second-hand la fel de simple și sigure ca oricare altele.</li>',
      '<li>Să ajutăm magazinele mici să ajungă la clienți din toată țara.</li>',
      '<li>Să reducem risipa: fiecare obiect revândut înseamnă unul mai puțin produs și aruncat.</li>',
      '</ul>',
      '<p>Ne găsești la Str. Mihai Eminescu 12, Cluj-Napoca, la telefon +40 721 000 111 sau la contact@talcioc.ro.</p>',
    ]),
  },
  {
    title: 'Cum funcționează',
    slug: 'cum-functioneaza',
    section: 'about',
    content: html([
      '<h2>Pentru cumpărători</h2>',
      '<p>Cauți după categorie, magazin, mărime, culoare, anotimp sau starea produsului. Fiecare produs second-hand are de obicei un singur exemplar, așa că îl rezervi abia când finalizezi comanda.</p>',
      '<ul>',
      '<li>Adaugi produsele în coș, chiar de la magazine diferite.</li>',
      '<li>Alegi adresa de livrare și plătești cu cardul sau ramburs, la curier.</li>',
      '<li>Primești coletul acasă sau în easybox, de obicei în 2-4 zile lucrătoare.</li>',
      '</ul>',
      '<h2>Pentru magazine</h2>',
      '<p>Îți creezi contul de magazin, îți publici produsele cu fotografii reale și stabilești prețurile de livrare după greutatea coletului. Talcioc se ocupă de plăți, de notificări și de comunicarea cu clienții, iar tu te ocupi de ce știi mai bine: să alegi lucruri frumoase.</p>',
      '<p>Comisionul este afișat transparent în contul de magazin și se aplică doar produselor vândute.</p>',
    ]),
  },
  {
    title: 'Cariere',
    slug: 'cariere',
    section: 'about',
    content: html([
      '<h2>Lucrează cu noi</h2>',
      '<p>Suntem o echipă mică, cu birouri în Cluj-Napoca și colegi care lucrează de acasă din toată țara. Ne plac oamenii curioși, care își asumă lucrurile și care cred că economia circulară poate fi o afacere sănătoasă.</p>',
      '<h2>Posturi deschise</h2>',
      '<ul>',
      '<li>Specialist relații cu clienții (Cluj-Napoca, program de luni până vineri, 09:00-17:00)</li>',
      '<li>Programator front-end, React și TypeScript (hibrid sau la distanță)</li>',
      '<li>Coordonator parteneriate cu magazinele (deplasări în țară)</li>',
      '</ul>',
      '<p>Trimite-ne CV-ul și câteva rânduri despre tine la cariere@talcioc.ro. Răspundem fiecărei aplicații în cel mult două săptămâni.</p>',
    ]),
  },
  {
    title: 'Termeni și condiții',
    slug: 'terms-and-conditions',
    section: 'information',
    content: html([
      '<h2>1. Cine suntem</h2>',
      '<p>Platforma Talcioc este administrată de Talcioc SRL, cu sediul în Str. Mihai Eminescu 12, Cluj-Napoca 400001. Prin folosirea site-ului și a aplicației accepți acești termeni.</p>',
      '<h2>2. Contul tău</h2>',
      '<p>Îți creezi contul cu numărul de telefon, pe care îl confirmi printr-un cod primit prin SMS. Ești responsabil pentru păstrarea parolei și pentru comenzile plasate din contul tău.</p>',
      '<h2>3. Produsele</h2>',
      '<p>Produsele sunt vândute de magazinele partenere, care răspund de descrierea, fotografiile și starea lor. Fiind produse second-hand, pot avea urme de folosire, descrise în pagina fiecărui produs. Prețurile sunt în lei și includ TVA, acolo unde magazinul este plătitor de TVA.</p>',
      '<h2>4. Comenzi și plată</h2>',
      '<p>Comanda este confirmată după ce magazinul verifică disponibilitatea produselor. Poți plăti cu cardul bancar, online, sau ramburs, la livrare. Vouchere de reducere se pot folosi doar la magazinul care le-a emis, în perioada de valabilitate.</p>',
      '<h2>5. Dreptul de retragere</h2>',
      '<p>Ai dreptul să te retragi din contract în termen de 14 zile de la primirea produselor, fără să justifici decizia, conform OUG nr. 34/2014. Detaliile sunt în pagina Livrare și retur.</p>',
      '<h2>6. Reclamații</h2>',
      '<p>Pentru orice problemă ne scrii la contact@talcioc.ro sau deschizi un tichet de asistență din contul tău. Poți apela și la ANPC sau la platforma europeană SOL pentru soluționarea online a litigiilor.</p>',
    ]),
  },
  {
    title: 'Politica de confidențialitate',
    slug: 'privacy-policy',
    section: 'information',
    content: html([
      '<h2>Datele pe care le prelucrăm</h2>',
      '<p>Talcioc SRL prelucrează datele tale personale conform Regulamentului (UE) 2016/679 (GDPR). Colectăm doar ce ne trebuie ca să funcționeze serviciul: numele, numărul de telefon, adresa de e-mail, adresele de livrare și istoricul comenzilor.</p>',
      '<h2>De ce le folosim</h2>',
      '<ul>',
      '<li>Pentru a-ți crea contul și a livra comenzile (executarea contractului).</li>',
      '<li>Pentru facturare și evidența contabilă (obligație legală).</li>',
      '<li>Pentru prevenirea fraudelor și securitatea platformei (interes legitim).</li>',
      '<li>Pentru mesaje cu oferte, doar dacă ți-ai dat acordul; îl poți retrage oricând.</li>',
      '</ul>',
      '<h2>Cui le transmitem</h2>',
      '<p>Magazinul de la care cumperi primește numele, telefonul și adresa de livrare. Firmele de curierat primesc datele necesare livrării, iar procesatorul de plăți primește datele necesare tranzacției. Nu vindem datele tale nimănui.</p>',
      '<h2>Drepturile tale</h2>',
      '<p>Ai dreptul de acces, rectificare, ștergere, restricționare, portabilitate și opoziție. Ne scrii la dpo@talcioc.ro și îți răspundem în cel mult 30 de zile. Dacă ești nemulțumit, te poți adresa Autorității Naționale de Supraveghere a Prelucrării Datelor cu Caracter Personal (ANSPDCP).</p>',
      '<h2>Cât timp le păstrăm</h2>',
      '<p>Datele contului le păstrăm cât timp contul este activ. Documentele de facturare le păstrăm pe durata cerută de legislația fiscală, de regulă 10 ani.</p>',
    ]),
  },
  {
    title: 'Politica de ștergere a datelor',
    slug: 'deletion-policy',
    section: 'information',
    content: html([
      '<h2>Cum îți ștergi contul</h2>',
      '<p>Poți cere oricând ștergerea contului și a datelor personale asociate. Din aplicație, deschide Profilul meu și alege Ștergere cont, sau scrie-ne de pe adresa asociată contului la dpo@talcioc.ro.</p>',
      '<h2>Ce se întâmplă după cerere</h2>',
      '<ul>',
      '<li>Contul este dezactivat imediat și nu mai poți fi contactat pentru oferte.</li>',
      '<li>În cel mult 30 de zile ștergem numele, telefonul, adresele, lista de favorite și coșul.</li>',
      '<li>Comenzile deja plasate se finalizează sau se anulează înainte de ștergere.</li>',
      '</ul>',
      '<h2>Ce păstrăm</h2>',
      '<p>Facturile și datele strict necesare pentru obligațiile fiscale le păstrăm pe perioada cerută de lege, după care le ștergem definitiv. Recenziile publicate rămân anonimizate.</p>',
      '<p>Dacă te-ai autentificat cu un cont Google, Facebook sau Apple, poți revoca și accesul aplicației Talcioc din setările acelui cont.</p>',
    ]),
  },
  {
    title: 'Livrare și retur',
    slug: 'livrare-si-retur',
    section: 'information',
    content: html([
      '<h2>Livrare</h2>',
      '<p>Fiecare magazin trimite separat produsele sale, prin curier la adresă sau în easybox. Costul livrării depinde de greutatea coletului și este afișat în coș înainte de plată. De obicei, coletele ajung în 2-4 zile lucrătoare.</p>',
      '<ul>',
      '<li>Plata ramburs: plătești curierului, în numerar sau cu cardul, la primirea coletului.</li>',
      '<li>Plata cu cardul: plătești online, în siguranță, când plasezi comanda.</li>',
      '<li>Livrarea în easybox: primești un cod prin SMS și ridici coletul când îți convine, în 48 de ore.</li>',
      '</ul>',
      '<h2>Dreptul de retragere în 14 zile</h2>',
      '<p>Pentru cumpărăturile la distanță ai dreptul să returnezi produsele în 14 zile calendaristice de la primire, fără să motivezi decizia. Anunță retragerea din istoricul comenzilor sau prin e-mail, apoi trimite produsele în aceeași stare în care le-ai primit.</p>',
      '<p>Banii îți sunt returnați în cel mult 14 zile de la primirea retragerii, prin aceeași metodă de plată; pentru comenzile plătite ramburs, în contul bancar pe care ni-l indici. Costul transportului de retur este suportat de tine, dacă magazinul nu oferă retur gratuit.</p>',
      '<h2>Produse neconforme</h2>',
      '<p>Dacă produsul nu corespunde descrierii, ne anunți în 48 de ore de la primire, cu fotografii, iar magazinul suportă returul și îți rambursează integral suma.</p>',
    ]),
  },
  {
    title: 'Întrebări frecvente',
    slug: 'intrebari-frecvente',
    section: 'information',
    content: html([
      '<h2>Produsele sunt noi sau folosite?</h2>',
      '<p>Majoritatea sunt folosite. Fiecare produs are o stare: Nou cu etichetă, Ca nou, Foarte bun sau Bun, iar descrierea menționează orice defect.</p>',
      '<h2>De ce un produs are stoc 1?</h2>',
      '<p>Pentru că e unicat. Produsele second-hand au de obicei un singur exemplar, așa că nu amâna prea mult dacă îți place ceva.</p>',
      '<h2>Pot comanda de la mai multe magazine deodată?</h2>',
      '<p>Da. Coșul grupează produsele pe magazine, iar fiecare magazin trimite un colet separat, cu propriul cost de livrare.</p>',
      '<h2>Cum folosesc un voucher?</h2>',
      '<p>Introduci codul în pagina de finalizare a comenzii. Voucherul se aplică doar produselor magazinului care l-a emis și doar dacă ai atins valoarea minimă a comenzii.</p>',
      '<h2>Cum iau legătura cu voi?</h2>',
      '<p>Serviciul clienți răspunde de luni până vineri, între 09:00 și 17:00, la +40 721 000 111 și la contact@talcioc.ro.</p>',
    ]),
  },
];
