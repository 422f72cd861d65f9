/**
 * What the OpenAPI document says about each /api operation beyond its schemas (issue 39): its
 * domain (tag), a summary, the rule it keeps in a sentence or two, who may call it, the statuses
 * it answers besides the ones every operation of its kind can (server/openapi/document.ts adds
 * those), and its request headers and multipart bodies. Keyed by `METHOD /api/path` as the
 * document spells it; a test (tests/api/platform/openapi.test.ts) checks that every operation
 * has its entry, that every entry's operation exists, and that `signed-in` operations answer 401
 * without a token while the others do not.
 *
 * operationIds come from the contract's route names (contract/routes/*: `cartApi.store` →
 * `cartStore`); `operationId` here names only the few operations without a definition there.
 */
export const TAGS = [
  { name: 'health', description: 'Liveness and readiness of the server.' },
  { name: 'storefront', description: 'Master data, settings, translations and static content the app starts with.' },
  { name: 'catalog', description: 'Products, categories, shops, flash sales and search. Public; a signed-in token marks favourites.' },
  { name: 'auth', description: 'Registration with a one-time code, login, password reset, social sign-in, logout.' },
  { name: 'account', description: "The signed-in shopper's profile, photo, phone, password and dashboard." },
  { name: 'cart', description: 'The cart, changed with an Idempotency-Key per change so a retried call applies once.' },
  { name: 'checkout', description: 'The checkout summary and vouchers.' },
  { name: 'addresses', description: "The shopper's address book (one default address)." },
  { name: 'orders', description: 'Placing orders, order history, cancellation and withdrawal from the contract.' },
  { name: 'favourites', description: "The shopper's favourite products." },
  { name: 'notifications', description: 'In-app notifications and Web Push subscriptions and consent.' },
  { name: 'support', description: 'Support tickets with image attachments, and the contact form.' },
  { name: 'reviews-and-reports', description: 'Verified reviews of delivered orders and reports of illegal content (DSA art. 16).' },
] as const;

export type Tag = (typeof TAGS)[number]['name'];

/** Who may call: anyone; only with a live bearer token; anyone, a token changing the answer. */
export type Access = 'public' | 'signed-in' | 'optional';

/** The request bodies sent as multipart/form-data (document.ts describes each from the server's own limits). */
export type MultipartBody = 'profile-photo' | 'ticket' | 'order-form';

export interface OperationDoc {
  tag: Tag;
  summary: string;
  description: string;
  access: Access;
  /** Statuses beyond those added for its kind (401 when signed in, 404 with path parameters, 422 with input, 409 with a key…). */
  errors?: readonly (400 | 403 | 404 | 409 | 410 | 422)[];
  /** Takes an Idempotency-Key (server/plugins/idempotency.ts). */
  idempotent?: boolean;
  multipart?: MultipartBody;
  /** The answer is JSON unless this says otherwise (attachments are image bytes). */
  answersBytes?: boolean;
  deprecated?: boolean;
  /** Only for operations without a contract definition. */
  operationId?: string;
}

export const OPERATIONS: Record<string, OperationDoc> = {
  // --- health ---------------------------------------------------------------------------------
  'GET /api/health': {
    tag: 'health',
    operationId: 'healthLive',
    summary: 'Liveness',
    description: 'Answers while the process runs, without touching the database (for a load balancer).',
    access: 'public',
  },
  'GET /api/health/ready': {
    tag: 'health',
    operationId: 'healthReady',
    summary: 'Readiness',
    description: 'Answers 200 once the database answers a query within 2 s, 503 otherwise.',
    access: 'public',
  },

  // --- storefront -----------------------------------------------------------------------------
  'GET /api/master': {
    tag: 'storefront',
    summary: 'Master data',
    description: 'Everything the app needs to start: shop name, currency, countries, payment and delivery options. Cacheable.',
    access: 'public',
  },
  'GET /api/settings': {
    tag: 'storefront',
    summary: 'Storefront settings',
    description: 'The storefront configuration the app reads (sign-up fields, code channel, legal links).',
    access: 'public',
  },
  'GET /api/translations/{locale}': {
    tag: 'storefront',
    summary: 'Interface texts of a language',
    description: 'The catalogue of interface texts for `ro` or `en`; any other locale answers 404.',
    access: 'public',
  },
  'GET /api/lang/{locale}': {
    tag: 'storefront',
    summary: 'Interface texts (spec path)',
    description: 'The same catalogue as /api/translations/{locale}, under the path the spec names.',
    access: 'public',
  },
  'GET /api/countries': {
    tag: 'storefront',
    summary: 'Countries and phone codes',
    description: 'Countries a shopper may register a phone of, with their calling codes.',
    access: 'public',
  },
  'GET /api/categories': {
    tag: 'catalog',
    summary: 'Category tree',
    description: 'Every active category with its sub-categories, in display order.',
    access: 'public',
  },
  'GET /api/banners': {
    tag: 'storefront',
    summary: 'Home banners',
    description: 'The active banners of the home screen, in display order.',
    access: 'public',
  },
  'GET /api/subpages': {
    tag: 'storefront',
    summary: 'Information pages',
    description: 'Terms, privacy, withdrawal and other information pages, as plain text blocks (never HTML).',
    access: 'public',
  },

  // --- catalog --------------------------------------------------------------------------------
  'GET /api/products': {
    tag: 'catalog',
    summary: 'Search and list products',
    description:
      'Active products of listed shops, searched by `search` (Romanian word forms and synonyms, typos corrected into `did_you_mean`), filtered and sorted, one page at a time. Totals are counted up to 1 000 (`meta.total_capped`); an ETag answers 304 on repeat.',
    access: 'optional',
  },
  'GET /api/products/filter': {
    tag: 'catalog',
    summary: 'Filter products',
    description: 'The same list as /api/products under the path the spec names for filtered lists.',
    access: 'optional',
  },
  'GET /api/products/facets': {
    tag: 'catalog',
    summary: 'Filter counts',
    description: 'For the filters of a list, how many products each value would leave (categories, brands, conditions, prices).',
    access: 'public',
  },
  'GET /api/search/suggestions': {
    tag: 'catalog',
    summary: 'Search suggestions',
    description: 'Words, categories and products that complete what the shopper has typed so far.',
    access: 'public',
  },
  'GET /api/products/{id}': {
    tag: 'catalog',
    summary: 'Product details',
    description:
      "A product with its sizes, colours, photos, the trader's identity, condition and safety information. A product taken down or of an unlisted shop answers 410; an unknown one 404.",
    access: 'optional',
    errors: [410],
  },
  'GET /api/products/{id}/similar': {
    tag: 'catalog',
    summary: 'Similar products',
    description: 'Active products of the same category, nearest in price.',
    access: 'optional',
  },
  'GET /api/categories/{key}': {
    tag: 'catalog',
    summary: 'Category with its products',
    description: 'A category (by id or slug) with its sub-categories and a first page of its products.',
    access: 'optional',
  },
  'GET /api/shops': {
    tag: 'catalog',
    summary: 'List shops',
    description: 'Listed shops (those with a known trader identity), one page at a time.',
    access: 'public',
  },
  'GET /api/shops/{id}': {
    tag: 'catalog',
    summary: 'Shop details',
    description: 'A shop with its trader identity and rating; a shop whose trader is unknown answers 410.',
    access: 'public',
    errors: [410],
  },
  'GET /api/most-popular': {
    tag: 'catalog',
    summary: 'Most popular products',
    description: 'Products ordered by how many units were sold, one page at a time.',
    access: 'optional',
  },
  'GET /api/best-deal': {
    tag: 'catalog',
    summary: 'Best deals',
    description: 'Products ordered by their discount against the regular price, one page at a time.',
    access: 'optional',
  },
  'GET /api/flash-sales/{id}': {
    tag: 'catalog',
    summary: 'Flash sale',
    description: 'A running flash sale with its products at the sale price, one page at a time.',
    access: 'optional',
  },
  'GET /api/home': {
    tag: 'catalog',
    summary: 'Home screen',
    description: 'The home screen in one answer: banners, categories, flash sales, popular products and best deals.',
    access: 'optional',
  },

  // --- auth -----------------------------------------------------------------------------------
  'POST /api/registration': {
    tag: 'auth',
    summary: 'Register',
    description:
      'Creates an unverified account, or answers the same for a phone already registered (no account enumeration). Sends no code: call /api/send-otp next, then /api/verify-otp-register.',
    access: 'public',
  },
  'POST /api/send-otp': {
    tag: 'auth',
    summary: 'Send a one-time code',
    description:
      'Queues a code for the phone (or the e-mail of a password reset with `forgot_password: 1`). Codes are delivered asynchronously, by SMS or e-mail; the answer is the same whether an account exists. Limited per address and per phone: 429 with Retry-After.',
    access: 'public',
  },
  'POST /api/verify-otp': {
    tag: 'auth',
    summary: 'Check a password-reset code',
    description: 'Exchanges a correct reset code for a short-lived token for /api/reset-password. A wrong code answers 422 on `otp`.',
    access: 'public',
  },
  'POST /api/verify-otp-register': {
    tag: 'auth',
    summary: 'Verify the phone and sign in',
    description: "Checks the registration code; the phone becomes verified and the answer carries the session's bearer token.",
    access: 'public',
  },
  'POST /api/reset-password': {
    tag: 'auth',
    summary: 'Set a new password',
    description: 'With the token of /api/verify-otp: sets the password and ends every session of the account.',
    access: 'public',
  },
  'POST /api/login': {
    tag: 'auth',
    summary: 'Sign in',
    description:
      'Phone and password give a bearer token. A wrong pair answers 422 on `password` (one message for both); an unverified phone answers 403 with `requires_verification` and a code is sent; repeated failures pause the phone (429).',
    access: 'public',
    errors: [403],
  },
  'POST /api/auth/{provider}/token': {
    tag: 'auth',
    summary: 'Sign in with Google, Apple or Facebook',
    description:
      "Verifies the provider's credential and signs in (creating or linking the account by verified e-mail). An inactive provider answers 404.",
    access: 'public',
  },
  'POST /api/logout': {
    tag: 'auth',
    summary: 'Sign out',
    description: "Ends the token's session and forgets its devices' push subscriptions; the token answers 401 afterwards.",
    access: 'signed-in',
  },
  'GET /api/logout': {
    tag: 'auth',
    summary: 'Sign out (deprecated GET form)',
    description: "The spec's original GET form of /api/logout, kept for its clients: use POST /api/logout.",
    access: 'signed-in',
    deprecated: true,
  },

  // --- account --------------------------------------------------------------------------------
  'GET /api/user': {
    tag: 'account',
    summary: 'Current shopper',
    description: 'The signed-in shopper: name, phone (national digits and calling code), e-mail, photo.',
    access: 'signed-in',
  },
  'PUT /api/profile': {
    tag: 'account',
    summary: 'Update the profile',
    description: 'Changes name and e-mail; an e-mail another account uses answers 422 on `email`.',
    access: 'signed-in',
  },
  'POST /api/profile/photo': {
    tag: 'account',
    summary: 'Upload a profile photo',
    description:
      'A JPEG, PNG or WebP image in the multipart field `photo` (checked by its content), turned upright and stripped of metadata. Replaces the previous photo.',
    access: 'signed-in',
    multipart: 'profile-photo',
  },
  'POST /api/profile/phone/send-otp': {
    tag: 'account',
    summary: 'Start a phone change',
    description: 'Sends a code to the new phone (asynchronously); the phone changes only once /api/profile/phone/verify accepts it.',
    access: 'signed-in',
  },
  'POST /api/profile/phone/verify': {
    tag: 'account',
    summary: 'Confirm a phone change',
    description: 'With the code sent to the new phone: the account takes the new phone.',
    access: 'signed-in',
  },
  'POST /api/change-password': {
    tag: 'account',
    summary: 'Change the password',
    description: 'With the current password: sets a new one, ends every other session and answers a new token.',
    access: 'signed-in',
  },
  'GET /api/dashboard': {
    tag: 'account',
    summary: "Shopper's dashboard",
    description: 'Counts of orders by status, favourites and the latest orders.',
    access: 'signed-in',
  },

  // --- cart and checkout ----------------------------------------------------------------------
  'GET /api/carts': {
    tag: 'cart',
    summary: 'The cart',
    description: 'The cart with server prices (sale price, size and colour surcharges), grouped by shop.',
    access: 'signed-in',
  },
  'POST /api/cart/store': {
    tag: 'cart',
    summary: 'Add to the cart',
    description:
      'Adds a product (size, colour, quantity) within its stock. With `is_buy_now` it only checks the item. A retry with the same Idempotency-Key replays the first answer.',
    access: 'signed-in',
    idempotent: true,
    errors: [404],
  },
  'POST /api/cart/increment': {
    tag: 'cart',
    summary: 'One more of a cart line',
    description: 'Adds one unit to a line within its stock. A retry with the same Idempotency-Key replays the first answer.',
    access: 'signed-in',
    idempotent: true,
    errors: [404],
  },
  'POST /api/cart/decrement': {
    tag: 'cart',
    summary: 'One fewer of a cart line',
    description:
      'Removes one unit; the last unit removes the line (`removed`). A retry with the same Idempotency-Key replays the first answer.',
    access: 'signed-in',
    idempotent: true,
    errors: [404],
  },
  'POST /api/cart/delete': {
    tag: 'cart',
    summary: 'Remove a cart line',
    description: 'Removes the line. A retry with the same Idempotency-Key replays the first answer.',
    access: 'signed-in',
    idempotent: true,
    errors: [404],
  },
  'POST /api/cart/checkout': {
    tag: 'checkout',
    summary: 'Checkout summary',
    description:
      'Prices the selected lines as an order would: per shop, delivery, voucher, VAT contained (21 %). Changes nothing. Unknown lines or addresses answer 404.',
    access: 'signed-in',
    errors: [404],
  },
  'GET /api/get-vouchers': {
    tag: 'checkout',
    summary: 'Vouchers',
    description: 'Vouchers the shopper may collect or has collected, with their conditions.',
    access: 'signed-in',
  },
  'POST /api/vouchers-collect': {
    tag: 'checkout',
    summary: 'Collect a voucher',
    description: 'Adds a voucher to the shopper (once). A retry with the same Idempotency-Key replays the first answer.',
    access: 'signed-in',
    idempotent: true,
    errors: [404],
  },

  // --- addresses ------------------------------------------------------------------------------
  'GET /api/addresses': {
    tag: 'addresses',
    summary: 'Address book',
    description: "The shopper's addresses, the default one first.",
    access: 'signed-in',
  },
  'POST /api/address/store': {
    tag: 'addresses',
    summary: 'Add an address',
    description: 'Adds an address (the first is the default). A retry with the same Idempotency-Key replays the first answer.',
    access: 'signed-in',
    idempotent: true,
  },
  'PUT /api/address/{id}': {
    tag: 'addresses',
    summary: 'Change an address',
    description: "Changes one of the shopper's addresses; another shopper's answers 404.",
    access: 'signed-in',
    idempotent: true,
  },
  'DELETE /api/address/{id}': {
    tag: 'addresses',
    summary: 'Delete an address',
    description: "Deletes one of the shopper's addresses; another becomes the default if it was.",
    access: 'signed-in',
    idempotent: true,
  },

  // --- orders ---------------------------------------------------------------------------------
  'POST /api/place-order': {
    tag: 'orders',
    summary: 'Place the order',
    description:
      'Orders the selected cart lines, one order per shop, re-priced on the server, stock taken, in one transaction. JSON, or the same fields as a multipart form (`shop_ids[]`). A retry with the same Idempotency-Key replays the first answer and never orders twice.',
    access: 'signed-in',
    idempotent: true,
    multipart: 'order-form',
    errors: [404],
  },
  'POST /api/buy-now': {
    tag: 'orders',
    summary: 'Buy one item now',
    description: 'Orders one product without the cart, priced and stocked as /api/place-order. Idempotency-Key as there.',
    access: 'signed-in',
    idempotent: true,
    errors: [404],
  },
  'GET /api/orders': {
    tag: 'orders',
    summary: 'Order history',
    description: "The shopper's orders, newest first, optionally of one status, one page at a time.",
    access: 'signed-in',
  },
  'GET /api/orders/{id}': {
    tag: 'orders',
    summary: 'Order details',
    description:
      "One of the shopper's orders with its lines, amounts, status history and withdrawal rights; another shopper's answers 404.",
    access: 'signed-in',
  },
  'POST /api/orders/{id}/cancel': {
    tag: 'orders',
    summary: 'Cancel an order',
    description: 'Cancels an order not yet shipped and puts its stock back; otherwise 422.',
    access: 'signed-in',
    idempotent: true,
  },
  'POST /api/orders/{id}/withdrawal': {
    tag: 'orders',
    summary: 'Withdraw from the contract',
    description:
      'Within 14 days of delivery, withdraws from some or all items of the order (OUG 34/2014); answers the withdrawal with its refund amounts (201).',
    access: 'signed-in',
    idempotent: true,
  },

  // --- favourites -----------------------------------------------------------------------------
  'GET /api/favorite-products': {
    tag: 'favourites',
    summary: 'Favourite products',
    description: "The shopper's favourite products, newest first.",
    access: 'signed-in',
  },
  'PUT /api/favorite-products/{productId}': {
    tag: 'favourites',
    summary: 'Add a favourite',
    description: 'Marks an active product as favourite (at most 500). Idempotent by nature and by Idempotency-Key.',
    access: 'signed-in',
    idempotent: true,
  },
  'DELETE /api/favorite-products/{productId}': {
    tag: 'favourites',
    summary: 'Remove a favourite',
    description: 'Unmarks a favourite product. Idempotent by nature and by Idempotency-Key.',
    access: 'signed-in',
    idempotent: true,
  },

  // --- notifications and push -----------------------------------------------------------------
  'GET /api/notifications': {
    tag: 'notifications',
    summary: 'Notifications',
    description: "The shopper's notifications, newest first, in the request's language, one page at a time.",
    access: 'signed-in',
  },
  'GET /api/notifications/unread-count': {
    tag: 'notifications',
    summary: 'Unread notifications',
    description: 'How many notifications the shopper has not read.',
    access: 'signed-in',
  },
  'POST /api/notifications/read-all': {
    tag: 'notifications',
    summary: 'Mark all read',
    description: 'Marks every notification of the shopper read.',
    access: 'signed-in',
  },
  'POST /api/notifications/{id}/read': {
    tag: 'notifications',
    summary: 'Mark one read',
    description: "Marks one of the shopper's notifications read; another shopper's answers 404.",
    access: 'signed-in',
  },
  'GET /api/push/public-key': {
    tag: 'notifications',
    summary: 'Web Push key',
    description: "The server's VAPID public key, for PushManager.subscribe.",
    access: 'public',
  },
  'POST /api/push/subscriptions': {
    tag: 'notifications',
    summary: 'Subscribe this device to pushes',
    description: "Stores the browser's push subscription for the shopper (push service hosts only).",
    access: 'signed-in',
  },
  'DELETE /api/push/subscriptions': {
    tag: 'notifications',
    summary: 'Unsubscribe this device',
    description: 'Forgets the push subscription of this endpoint.',
    access: 'signed-in',
  },
  'GET /api/push/consent': {
    tag: 'notifications',
    summary: 'Push consent',
    description: 'Which topics the shopper agreed to receive pushes about, and when.',
    access: 'signed-in',
  },
  'PUT /api/push/consent': {
    tag: 'notifications',
    summary: 'Give push consent',
    description: 'Records the topics the shopper agrees to, with the time (GDPR art. 7).',
    access: 'signed-in',
  },
  'DELETE /api/push/consent': {
    tag: 'notifications',
    summary: 'Withdraw push consent',
    description: 'Withdraws every push topic; no further pushes are sent.',
    access: 'signed-in',
  },

  // --- support --------------------------------------------------------------------------------
  'GET /api/support-tickets': {
    tag: 'support',
    summary: 'Support tickets',
    description: "The shopper's tickets, latest activity first, one page at a time.",
    access: 'signed-in',
  },
  'POST /api/support-tickets': {
    tag: 'support',
    summary: 'Open a support ticket',
    description:
      'Subject, message and priority as JSON, or as a multipart form with one optional image in `attachment`. A retry with the same Idempotency-Key replays the first answer.',
    access: 'signed-in',
    idempotent: true,
    multipart: 'ticket',
  },
  'GET /api/support-tickets/{ticketNumber}': {
    tag: 'support',
    summary: 'A support ticket',
    description: "One of the shopper's tickets with its messages; another shopper's answers 404.",
    access: 'signed-in',
  },
  'POST /api/support-tickets/{ticketNumber}/replies': {
    tag: 'support',
    summary: 'Reply to a ticket',
    description: 'Adds a message (JSON, or multipart with one optional image); the ticket opens again. A closed ticket answers 422.',
    access: 'signed-in',
    idempotent: true,
    multipart: 'ticket',
  },
  'POST /api/support-tickets/{ticketNumber}/close': {
    tag: 'support',
    summary: 'Close a ticket',
    description: "Closes one of the shopper's tickets.",
    access: 'signed-in',
    idempotent: true,
  },
  'GET /api/support-tickets/{ticketNumber}/attachments/{id}': {
    tag: 'support',
    operationId: 'supportAttachment',
    summary: "A ticket message's image",
    description: "The image bytes of an attachment of one of the shopper's tickets; another shopper's answers 404.",
    access: 'signed-in',
    answersBytes: true,
  },
  'POST /api/contact': {
    tag: 'support',
    summary: 'Contact form',
    description: 'Sends a message to the operator, signed in or not (a signed-in sender is recorded). Limited per address (429).',
    access: 'optional',
  },

  // --- reviews and reports --------------------------------------------------------------------
  'POST /api/orders/{id}/reviews': {
    tag: 'reviews-and-reports',
    summary: 'Review a delivered order',
    description:
      'One verified review per delivered order of the shopper (rating 1–5, optional text); otherwise 422. Idempotency-Key as for orders.',
    access: 'signed-in',
    idempotent: true,
  },
  'GET /api/shops/{id}/reviews': {
    tag: 'reviews-and-reports',
    summary: "A shop's reviews",
    description: "The shop's verified reviews with its rating summary, newest first, one page at a time.",
    access: 'public',
  },
  'POST /api/reports': {
    tag: 'reviews-and-reports',
    summary: 'Report illegal content',
    description:
      'A notice about a product, shop or review (DSA art. 16), signed in or not; answers its reference. Limited per address (429).',
    access: 'optional',
  },
};
