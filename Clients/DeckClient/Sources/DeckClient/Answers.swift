import DeckClientAPI

/// A deck as the server answers it: its id, the cards remaining, the cards a draw gave, its piles,
/// and for a request carried out in part what was left out (see the deck server guide).
public typealias Deck = Components.Schemas.Deck
/// A card in an answer: its code (`QH`, `0D` for the ten), value, suit and image links.
public typealias Card = Components.Schemas.Card
/// A game of Memorize as its player may see it.
public typealias MemoryGame = Components.Schemas.MemoryGame
/// A free-form table as one seat (or anyone, without a token) may see it.
public typealias Tabletop = Components.Schemas.Tabletop
/// A table's layout, as an export writes it and a new table may be laid out from.
public typealias TableLayout = Components.Schemas.TableLayout
/// A watch link: the key of `/api/watch/<key>/` and its path.
public typealias WatchLink = Components.Schemas.WatchLink
