//! Actions as integers and positions as numbers, for each type of
//! [`Registered`](super::Registered): the shared pieces (a sowing move's
//! integer, the plain observation) and the types' own.

use mancala_core::four_rows::{FourRowAction, FourRowGame};
use mancala_core::rounds::{RoundAction, RoundGame};
use mancala_core::{Game, Mancala, Move, Pit, Player, Status, toguz::ToguzKumalak};
use mankka::{Mankka, Placement};
use numa::{Face, Numa, SIZE};

use super::Registered;

/// [`Registered::write_legal`] from the game's list of legal actions, each
/// encoded.
#[inline]
pub(super) fn write_listed<G: Registered>(
    game: &G,
    player: Player,
    mask: &mut [bool],
    legal: &mut [u16],
) -> usize {
    mask.fill(false);
    let mut count = 0;
    for &a in game.legal_actions(player).iter() {
        let code = game.encode(a);
        if let (Some(slot), Some(entry)) = (mask.get_mut(code), legal.get_mut(count)) {
            *slot = true;
            *entry = code as u16;
            count += 1;
        }
    }
    count
}

/// [`Registered::write_legal`] for a [`Mancala`]: the legal holes straight
/// from the game's set (hole order is action order); the list only for a
/// pass.
#[inline]
pub(super) fn write_legal_pits(
    game: &Mancala,
    player: Player,
    mask: &mut [bool],
    legal: &mut [u16],
) -> usize {
    if game.status() != Status::ToMove(player) {
        mask.fill(false);
        return 0;
    }
    let pits = game.legal_pits();
    if pits.is_empty() {
        // No sowing move: a pass, or none.
        return write_listed(game, player, mask, legal);
    }
    mask.fill(false);
    let mut count = 0;
    for pit in pits.iter() {
        if let (Some(slot), Some(entry)) = (mask.get_mut(pit.index()), legal.get_mut(count)) {
            *slot = true;
            *entry = pit.index() as u16;
            count += 1;
        }
    }
    count
}

/// Writes `counts`, then `scores`, then who is to move, into `out`.
#[inline]
fn write_plain(out: &mut [f32], counts: &[u16], scores: &[u64], status: Status, players: usize) {
    let (holes, rest) = out.split_at_mut(counts.len());
    for (o, &c) in holes.iter_mut().zip(counts) {
        *o = f32::from(c);
    }
    let (points, rest) = rest.split_at_mut(scores.len());
    for (o, &s) in points.iter_mut().zip(scores) {
        *o = s as f32;
    }
    write_acting(&mut rest[..players], status);
}

/// 1 for each player to move in `status`, 0 for the others.
#[inline]
fn write_acting(acting: &mut [f32], status: Status) {
    acting.fill(0.0);
    match status {
        Status::ToMove(p) => {
            if let Some(slot) = acting.get_mut(p.index()) {
                *slot = 1.0;
            }
        }
        Status::Simultaneous(set) => {
            for p in set.iter() {
                if let Some(slot) = acting.get_mut(p.index()) {
                    *slot = 1.0;
                }
            }
        }
        Status::Over(_) => {}
    }
}

/// The scores of `game` in player order (at most six players), and how
/// many there are.
fn scores<G: Game>(game: &G) -> ([u64; 6], usize) {
    let mut out = [0u64; 6];
    let mut n = 0;
    for ((_, &s), slot) in game.scores().iter().zip(out.iter_mut()) {
        *slot = s;
        n += 1;
    }
    (out, n)
}

/// `counts`, the game's scores, who is to move.
#[inline]
pub(super) fn observe_plain<G: Game>(game: &G, counts: &[u16], out: &mut [f32]) {
    let (points, n) = scores(game);
    write_plain(
        out,
        counts,
        &points[..n],
        game.status(),
        game.player_count(),
    );
}

/// [`Mancala`]'s observation: holes, stores, who is to move.
#[inline]
pub(super) fn observe_mancala(game: &Mancala, out: &mut [f32]) {
    let players = game.player_count();
    let board = game.board();
    let (holes, rest) = out.split_at_mut(board.holes().len());
    for (o, &c) in holes.iter_mut().zip(board.holes()) {
        *o = f32::from(c);
    }
    let (stores, acting) = rest.split_at_mut(players);
    for (o, &s) in stores.iter_mut().zip(board.stores()) {
        *o = f32::from(s);
    }
    write_acting(&mut acting[..players], game.status());
}

/// Toguz Kumalak's observation: holes, stores, who is to move, then each
/// player's tuzdik as its hole's number plus one (0 for none).
#[inline]
pub(super) fn observe_toguz(game: &ToguzKumalak, out: &mut [f32]) {
    let holes = game.board().holes().len();
    let stores = [
        u64::from(game.board().stores()[0]),
        u64::from(game.board().stores()[1]),
    ];
    write_plain(out, game.board().holes(), &stores, game.status(), 2);
    for (k, p) in [Player::P0, Player::P1].into_iter().enumerate() {
        out[holes + 4 + k] = game.tuzdik(p).map_or(0.0, |t| (t.index() + 1) as f32);
    }
}

/// A sowing move's integer on a board of `holes` holes: the hole, or
/// `holes` for a pass.
#[inline]
pub(super) fn encode_sowing(action: Move, holes: usize) -> usize {
    match action {
        Move::Sow(pit) => pit.index(),
        Move::Pass => holes,
    }
}

/// The hole of an integer on a board of `holes` holes.
#[inline]
pub(super) fn decode_hole(index: usize, holes: usize) -> Option<Pit> {
    (index < holes).then(|| Pit::new(index)).flatten()
}

/// The sowing move of an integer on a board of `holes` holes.
#[inline]
pub(super) fn decode_sowing(index: usize, holes: usize) -> Option<Move> {
    match index {
        i if i < holes => decode_hole(i, holes).map(Move::Sow),
        i if i == holes => Some(Move::Pass),
        _ => None,
    }
}

/// A round game's action integers on a board of `holes` holes: the holes
/// sown, the holes filled, relay, capture, pass.
#[inline]
pub(super) fn round_actions(holes: usize) -> usize {
    2 * holes + 3
}

/// The integer of a round game's action on a board of `holes` holes:
/// `Sow(h)` is `h`, `Fill(h)` is `holes + h`, then `Relay`, `Capture` and
/// `Pass`.
#[inline]
pub(super) fn encode_round(action: RoundAction, holes: usize) -> usize {
    match action {
        RoundAction::Sow(pit) => pit.index(),
        RoundAction::Fill(pit) => holes + pit.index(),
        RoundAction::Relay => 2 * holes,
        RoundAction::Capture => 2 * holes + 1,
        RoundAction::Pass => 2 * holes + 2,
    }
}

/// The round game's action of an integer on a board of `holes` holes.
#[inline]
pub(super) fn decode_round(index: usize, holes: usize) -> Option<RoundAction> {
    match index.checked_sub(holes) {
        None => decode_hole(index, holes).map(RoundAction::Sow),
        Some(h) if h < holes => decode_hole(h, holes).map(RoundAction::Fill),
        Some(h) => match h - holes {
            0 => Some(RoundAction::Relay),
            1 => Some(RoundAction::Capture),
            2 => Some(RoundAction::Pass),
            _ => None,
        },
    }
}

/// The length of a round game's observation on a board of `holes` holes.
#[inline]
pub(super) fn round_observation(holes: usize) -> usize {
    2 * holes + 2 + 2 + 3
}

/// A round game's observation: holes, stores, who is to move, then 1 for
/// each closed hole, the round, 1 if refilling, 1 if choosing.
#[inline]
pub(super) fn observe_round(game: &RoundGame, out: &mut [f32]) {
    let holes = game.board().len();
    let stores = game.stores().map(u64::from);
    write_plain(out, game.board(), &stores, game.status(), 2);
    let (closed, rest) = out[holes + 4..].split_at_mut(holes);
    closed.fill(0.0);
    for pit in game.closed() {
        closed[pit.index()] = 1.0;
    }
    rest[0] = game.round() as f32;
    rest[1] = f32::from(u8::from(game.is_refilling()));
    rest[2] = f32::from(u8::from(game.is_choosing()));
}

/// A four-row game's action integers on a board of `holes` holes: the
/// holes sown counter-clockwise, sown clockwise, placed into, then pass.
#[inline]
pub(super) fn four_row_actions(holes: usize) -> usize {
    3 * holes + 1
}

/// The integer of a four-row game's action on a board of `holes` holes:
/// `Sow(h)` is `h`, `SowClockwise(h)` is `holes + h`, `Place(h)` is
/// `2 * holes + h`, `Pass` is `3 * holes`.
#[inline]
pub(super) fn encode_four_rows(action: FourRowAction, holes: usize) -> usize {
    match action {
        FourRowAction::Sow(pit) => pit.index(),
        FourRowAction::SowClockwise(pit) => holes + pit.index(),
        FourRowAction::Place(pit) => 2 * holes + pit.index(),
        FourRowAction::Pass => 3 * holes,
    }
}

/// The four-row game's action of an integer on a board of `holes` holes.
#[inline]
pub(super) fn decode_four_rows(index: usize, holes: usize) -> Option<FourRowAction> {
    let hole = |h: usize| decode_hole(h % holes.max(1), holes);
    match index.checked_div(holes)? {
        0 => hole(index).map(FourRowAction::Sow),
        1 => hole(index).map(FourRowAction::SowClockwise),
        2 => hole(index).map(FourRowAction::Place),
        3 if index == 3 * holes => Some(FourRowAction::Pass),
        _ => None,
    }
}

/// The length of a four-row game's observation on a board of `holes`
/// holes.
#[inline]
pub(super) fn four_row_observation(holes: usize) -> usize {
    holes + 2 + 2 + 5
}

/// A four-row game's observation: holes, stores (Omweso's hands while
/// placing), who is to move, then 1 while the players place seeds, 1 for
/// each player whose fixed opening is still to come, 1 for the player who
/// has just passed.
#[inline]
pub(super) fn observe_four_rows(game: &FourRowGame, out: &mut [f32]) {
    let holes = game.board().len();
    let stores = game.stores().map(u64::from);
    write_plain(out, game.board(), &stores, game.status(), 2);
    let flag = |b: bool| f32::from(u8::from(b));
    let rest = &mut out[holes + 4..holes + 9];
    rest[0] = flag(game.is_placing());
    for p in [Player::P0, Player::P1] {
        rest[1 + p.index()] = flag(game.must_open(p));
        rest[3 + p.index()] = flag(game.passed() == Some(p));
    }
}

/// The placements of a hand of `hand` seeds, in their action order (the
/// lexicographic order of their counts), made once for each hand size.
fn placements(hand: u16) -> &'static [Placement] {
    use std::collections::HashMap;
    use std::sync::{Mutex, OnceLock};
    static CACHE: OnceLock<Mutex<HashMap<u16, &'static [Placement]>>> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    let mut cache = cache
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    cache
        .entry(hand)
        .or_insert_with(|| Placement::all(hand).collect::<Vec<_>>().leak())
}

/// Mankka's action integers: 12 holes, a pass, then the placements.
#[inline]
pub(super) fn mankka_actions(game: &Mankka) -> usize {
    let hand = game.options().hand();
    13 + if hand > 0 { placements(hand).len() } else { 0 }
}

/// The integer of a Mankka move.
#[inline]
pub(super) fn encode_mankka(game: &Mankka, action: mankka::Move) -> usize {
    match action {
        mankka::Move::Sow(pit) => pit.index(),
        mankka::Move::Pass => 12,
        mankka::Move::Place(p) => {
            let all = placements(game.options().hand());
            // Lexicographic: a binary search by the counts.
            13 + all
                .binary_search_by(|q| q.counts.cmp(&p.counts))
                .unwrap_or(usize::MAX - 13)
        }
    }
}

/// The Mankka move of an integer.
#[inline]
pub(super) fn decode_mankka(game: &Mankka, index: usize) -> Option<mankka::Move> {
    match index {
        0..12 => mankka::Pit::new(index).map(mankka::Move::Sow),
        12 => Some(mankka::Move::Pass),
        _ => {
            let hand = game.options().hand();
            if hand == 0 {
                return None;
            }
            placements(hand)
                .get(index - 13)
                .copied()
                .map(mankka::Move::Place)
        }
    }
}

/// Mankka's observation: holes, stores, who is to move, then the seeds in
/// each hand.
#[inline]
pub(super) fn observe_mankka(game: &Mankka, out: &mut [f32]) {
    observe_plain(game, game.board().holes(), out);
    let hands = game.hands();
    out[16] = f32::from(hands[Player::P0]);
    out[17] = f32::from(hands[Player::P1]);
}

/// Squares on Numa's grid.
const SQUARES: usize = (SIZE as usize) * (SIZE as usize);

/// The length of Numa's observation: a plane for each piece and face, the
/// points, who is to move.
pub(super) const NUMA_OBSERVATION: usize = 4 * 2 * SQUARES + 2 + 2;

/// Numa's observation (see its [`Registered::observe`]).
#[inline]
pub(super) fn observe_numa(game: &Numa, out: &mut [f32]) {
    out.fill(0.0);
    for (shape, piece) in game.pieces().iter().enumerate() {
        let face = match piece.face {
            Face::Arabic => 0,
            Face::Roman => 1,
        };
        let square = usize::from(piece.square.y() - 1) * usize::from(SIZE)
            + usize::from(piece.square.x() - 1);
        out[(shape * 2 + face) * SQUARES + square] = 1.0;
    }
    let points = game.points();
    write_plain(
        &mut out[8 * SQUARES..],
        &[],
        &[u64::from(points[0]), u64::from(points[1])],
        game.status(),
        2,
    );
}
