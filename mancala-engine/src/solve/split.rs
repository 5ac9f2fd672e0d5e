//! How the solver sees a position ([`Split`]): its table key, the margin
//! already banked and how far the rest can move it.

use mancala_core::{
    Game, Mancala, Player, Rules,
    rules::{Capture, Relay},
};

/// How the solver sees a position: the key of its table entry, the part of
/// the first player's final margin already fixed, and how far the rest can
/// move it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Split {
    /// The table key: positions with equal keys must have equal values once
    /// `banked` is taken off.
    pub key: u64,
    /// The first player's margin already banked (his store minus the
    /// other's, in a sowing game), part of every final margin from here.
    pub banked: i64,
    /// The most the rest of the game can change the margin either way (the
    /// seeds still on the board), or [`UNBOUNDED`].
    pub swing: i64,
    /// `key` is the key of the mirrored position (the players' sides
    /// swapped, the other player to move), whose value beyond `banked` is
    /// the negation of this one's: a position and its mirror share an
    /// entry.
    pub mirrored: bool,
}

/// A [`Split::swing`] that bounds nothing.
pub const UNBOUNDED: i64 = i64::MAX / 8;

/// The split of any game: its [`Game::key`], nothing banked, no bound.
pub fn plain_split<G: Game>(game: &G) -> Split {
    Split {
        key: game.key(),
        banked: 0,
        swing: UNBOUNDED,
        mirrored: false,
    }
}

/// Whether the stores of a sowing game under `rules` leave its course
/// unchanged (no majority end), so that [`mancala_split`] may key positions
/// by their holes alone, and whether its games always end without a
/// repetition rule or relays (so that the value is a function of the
/// position), and whether the score decides who wins (the solver's value
/// is a score margin: a verdict on empty rows or a capture target would
/// make it another game's): the rules [`Solver`](super::Solver) solves
/// exactly. Kalah and its variants qualify (FairKalah too: its start is
/// only a position); oware (majority, repetition) does not, nor Uril
/// (a target in the stores), nor the rules whose moves may change nothing
/// (a single seed sown back into its hole: Kapana Bona, whose games may
/// never end), nor those whose captures or scores the solver does not
/// model (a sweep, a fallback capture, holes sown outside the mover's row,
/// the seeds left to the player able to sow).
pub fn solvable(rules: &Rules) -> bool {
    !rules.sowing.single_into_origin
        && rules.sweep.is_none()
        && rules.fallback_capture == Capture::None
        && rules.sowable.zone == mancala_core::rules::Zone::Own
        && rules.leftover != mancala_core::rules::Leftover::Mobile
        && !rules.end.majority
        && !rules.end.repetition
        && rules.end.target.is_none()
        && rules.verdict == mancala_core::rules::Verdict::Score
        && rules.relay == Relay::Never
        && !rules.end.pass
        && matches!(rules.capture, Capture::Opposite { .. } | Capture::None)
}

/// The split of a sowing position: keyed by its holes and the player to
/// move, the store margin banked, the seeds on the board as the swing. For
/// rules that are not [`solvable`] it falls back to [`plain_split`].
pub fn mancala_split(game: &Mancala) -> Split {
    if !solvable(game.rules()) || game.topology().players() != 2 {
        return plain_split(game);
    }
    let board = game.board();
    let stores = board.stores();
    let topology = game.topology();
    let holes = board.holes();
    // The second player to move on two rows, one a player: keyed as the
    // mirrored position, the first player to move (the rules treat both
    // players alike).
    let mirrored = game.to_move() == Some(Player::P1)
        && topology.is_two_row()
        && topology.row_owner(0) == Some(Player::P0)
        && topology.row_owner(1) == Some(Player::P1);
    let mut h: u64 = match game.to_move() {
        _ if mirrored => 1,
        Some(p) => p.index() as u64 + 1,
        None => 0,
    };
    // The mirror reads the second row first.
    let (first, second) = holes.split_at(if mirrored { topology.row_len() } else { 0 });
    for &c in second.iter().chain(first) {
        h = (h.rotate_left(11) ^ u64::from(c)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
    h ^= h >> 29;
    h = h.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    h ^= h >> 32;
    Split {
        key: h,
        banked: i64::from(stores[0]) - i64::from(stores[1]),
        swing: i64::from(board.on_board()),
        mirrored,
    }
}

/// The store margin of a sowing position ([`mancala_split`]'s `banked`).
pub fn mancala_banked(game: &Mancala) -> i64 {
    if !solvable(game.rules()) || game.topology().players() != 2 {
        return 0;
    }
    let stores = game.board().stores();
    i64::from(stores[0]) - i64::from(stores[1])
}
