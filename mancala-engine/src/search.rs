//! What a search answers: [`SearchResult`], and where its move came from
//! ([`Source`]).

/// What a search found: the move to play and why.
///
/// `A` is the game's action ([`Game::Action`](mancala_core::Game::Action))
/// from the generic searches, or the move's text from
/// [`AnyGame::search`](crate::AnyGame::search).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult<A> {
    /// The move to play.
    pub best: A,
    /// Its value for the player to move: his score minus the best of the
    /// others' where the search stopped looking, with
    /// [`WIN_BONUS`](crate::agents::WIN_BONUS) added for a game he wins and
    /// taken away for one he loses
    /// ([`score_margin`](crate::agents::score_margin),
    /// [`terminal_value`](crate::agents::terminal_value)). For Numa's
    /// simultaneous turns, the expected points of the turn for the player
    /// choosing, rounded.
    pub value: i64,
    /// The principal variation: `best`, then the replies the search
    /// expects (as far as its table remembers them).
    pub pv: Vec<A>,
    /// Positions the search made.
    pub nodes: u64,
    /// The deepest iteration it completed, in plies (0 if none: one legal
    /// move, or limits spent within the first).
    pub depth: u32,
    /// Whether the value is exact: the last iteration saw the whole game
    /// tree.
    pub exact: bool,
    /// Where the move came from: a search, or a database read.
    pub source: Source,
}

/// Where a [`SearchResult`]'s move came from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Source {
    /// A search of the game tree.
    #[default]
    Search,
    /// An opening book of exact moves
    /// ([`tablebase::Book`](crate::tablebase::Book)).
    Book,
    /// A tablebase of exact values
    /// ([`tablebase::Tablebase`](crate::tablebase::Tablebase)).
    Tablebase,
}

impl core::fmt::Display for Source {
    /// `search`, `book` or `tablebase`.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            Source::Search => "search",
            Source::Book => "book",
            Source::Tablebase => "tablebase",
        })
    }
}

impl<A> SearchResult<A> {
    /// The same result with every move mapped by `f` (say, to text).
    pub fn map<B>(self, mut f: impl FnMut(A) -> B) -> SearchResult<B> {
        SearchResult {
            best: f(self.best),
            value: self.value,
            pv: self.pv.into_iter().map(f).collect(),
            nodes: self.nodes,
            depth: self.depth,
            exact: self.exact,
            source: self.source,
        }
    }
}
