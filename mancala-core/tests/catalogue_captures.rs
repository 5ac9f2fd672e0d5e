//! The catalogue's captures and sweeps by hand: Kara (the opponent's row
//! or the own last hole), Halusa (the own row back to the origin), La'b
//! Akila (each hole with its opposite), Tap Urdy (the hole past an empty
//! one), Yovodji (two captures in order), Aw-li On-nam Ot-tjin (the seeds
//! left to the player still able to sow); Kapana Bona (any hole sown, a
//! single seed back into its hole, 2s, 4s and 6s swept), Oure Ngat (the
//! same on the mover's own row, and the standstill that never ends), Wouri
//! (the opponent's 4s swept after a capture), Hoyito (every seed swept once
//! few are left).

use mancala_core::{
    Game, Layout, Mancala, Move, Outcome, Pit, PlayError, Player, Rules, RulesError, Setup, Status,
    rules::{Capture, CountSet, Zone},
};

fn pit(i: usize) -> Pit {
    Pit::new(i).unwrap()
}

fn game(rules: Rules, board: &[u16], stores: [u16; 2], to_move: Player) -> Mancala {
    let mut setup = Setup::new(rules);
    setup.board = board.to_vec();
    setup.stores = stores.to_vec();
    setup.to_move = to_move;
    Mancala::from_setup(setup).unwrap()
}

fn taken(turn: &mancala_core::Turn) -> Vec<usize> {
    turn.captured.iter().map(Pit::index).collect()
}

/// Kara takes a 2 made in the mover's own last hole (South's hole 2,
/// North's hole 5), not in his other holes. By hand: on `0 1 1 | 1 1 1`
/// South's hole 1 sows hole 2, now 2: taken. On `1 1 0 | 1 1 1` his hole 0
/// sows hole 1, now 2, an own hole that is not his last: nothing. On `1 1
/// 1 | 0 1 1` North's hole 4 sows hole 5, his last, now 2: taken.
#[test]
fn kara_takes_in_the_opponents_row_or_the_own_last_hole() {
    let mut g = game(Rules::kara(), &[0, 1, 1, 1, 1, 1], [19, 19], Player::P0);
    assert_eq!(taken(&g.play(Move::Sow(pit(1))).unwrap()), [2]);
    assert_eq!(g.board().stores()[..2], [21, 19]);
    let mut g = game(Rules::kara(), &[1, 1, 0, 1, 1, 1], [19, 19], Player::P0);
    assert!(taken(&g.play(Move::Sow(pit(0))).unwrap()).is_empty());
    assert_eq!(g.board().holes(), &[0, 2, 0, 1, 1, 1]);
    let mut g = game(Rules::kara(), &[1, 1, 1, 0, 1, 1], [19, 19], Player::P1);
    assert_eq!(taken(&g.play(Move::Sow(pit(4))).unwrap()), [5]);
    assert_eq!(g.board().stores()[..2], [19, 21]);
}

/// Halusa's chain runs back through the mover's own row to the move's
/// origin. By hand, on `2 0 2 1 1 0 | 1 1 1 1 1 1`: South's hole 2 sows
/// holes 3 and 4, which then hold 2 each: hole 4 is taken, then hole 3;
/// hole 2 is the origin, where the chain stops (hole 0's 2 stay). On `3 0
/// 1 1 0 0 | ...`: hole 0 sows holes 1 to 3, giving `0 1 2 2`: holes 3 and
/// 2 are taken, hole 1 (1, odd) stops the chain.
#[test]
fn halusa_chains_back_through_the_own_row_to_the_origin() {
    let north = [1, 1, 1, 1, 1, 1];
    let board = |south: [u16; 6]| [south, north].concat();
    let mut g = game(
        Rules::halusa(),
        &board([2, 0, 2, 1, 1, 0]),
        [30, 30],
        Player::P0,
    );
    assert_eq!(taken(&g.play(Move::Sow(pit(2))).unwrap()), [3, 4]);
    assert_eq!(g.board().holes(), board([2, 0, 0, 0, 0, 0]).as_slice());
    assert_eq!(g.board().stores()[..2], [34, 30]);
    let mut g = game(
        Rules::halusa(),
        &board([3, 0, 1, 1, 0, 0]),
        [30, 31],
        Player::P0,
    );
    assert_eq!(taken(&g.play(Move::Sow(pit(0))).unwrap()), [2, 3]);
    assert_eq!(g.board().holes(), board([0, 1, 0, 0, 0, 0]).as_slice());
}

/// La'b Akila takes each hole of its chain with the hole across (`13 -
/// h`). By hand, on `1 0 0 0 4 1 3 | 1 1 0 0 0 3 0` (holes 0 to 13):
/// South's hole 4 sows holes 5 to 8, giving 2, 4, 2, 2 there. Hole 8 (2)
/// is taken with hole 5 across it (2); hole 7 (2) with hole 6 (4); hole 6
/// held 4 and hole 5 2 after the sowing, so the chain goes on through them
/// (already taken); hole 4 is the origin. South takes 10; 4 seeds are left,
/// more than one: the game goes on.
#[test]
fn lab_akila_takes_each_hole_with_its_opposite() {
    let before = [1, 0, 0, 0, 4, 1, 3, 1, 1, 0, 0, 0, 3, 0];
    let mut g = game(Rules::lab_akila(), &before, [40, 44], Player::P0);
    let turn = g.play(Move::Sow(pit(4))).unwrap();
    assert_eq!(taken(&turn), [5, 6, 7, 8]);
    assert_eq!(
        g.board().holes(),
        &[1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0]
    );
    assert_eq!(g.board().stores()[..2], [50, 44]);
    assert!(!g.is_over());
}

/// Tap Urdy: South sows North's hole 8 (two seeds) clockwise into holes 7
/// and 6. Hole 6 then holds 2, more than one, and the next hole, 5, is
/// empty: the hole after it, 4 (3 seeds, South's own), is taken by South.
#[test]
fn tap_urdy_takes_the_hole_past_an_empty_one() {
    let before = [1, 1, 1, 1, 3, 0, 1, 1, 2, 1, 1, 1];
    let mut g = game(Rules::tap_urdy(), &before, [15, 17], Player::P0);
    let turn = g.play(Move::Sow(pit(8))).unwrap();
    assert_eq!(taken(&turn), [4]);
    assert_eq!(g.board().holes(), &[1, 1, 1, 1, 0, 0, 2, 2, 0, 1, 1, 1]);
    assert_eq!(g.board().stores()[..2], [18, 17]);
}

/// Yovodji's captures in order. By hand: on `0 0 0 0 0 1 | 2 1 1 1 1 1`,
/// South's hole 5 makes 3 in North's hole 6: taken, no relay although it
/// holds more than one. On `0 1 0 0 0 0 | 1 1 1 3 1 1`, hole 1 sows the
/// empty hole 2, which faces hole 9 (3 seeds, two or more): they are taken
/// (the fallback capture), the lone seed stays. On `0 1 0 0 0 0 | 1 1 1 1
/// 1 1` hole 9 holds one seed only: nothing is taken.
#[test]
fn yovodji_tries_its_two_captures_in_order() {
    let mut g = game(
        Rules::yovodji(),
        &[0, 0, 0, 0, 0, 1, 2, 1, 1, 1, 1, 1],
        [20, 20],
        Player::P0,
    );
    assert_eq!(taken(&g.play(Move::Sow(pit(5))).unwrap()), [6]);
    assert_eq!(g.board().holes(), &[0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1]);
    let mut g = game(
        Rules::yovodji(),
        &[0, 1, 0, 0, 0, 0, 1, 1, 1, 3, 1, 1],
        [20, 20],
        Player::P0,
    );
    assert_eq!(taken(&g.play(Move::Sow(pit(1))).unwrap()), [9]);
    assert_eq!(g.board().holes(), &[0, 0, 1, 0, 0, 0, 1, 1, 1, 0, 1, 1]);
    assert_eq!(g.board().stores()[..2], [23, 20]);
    let mut g = game(
        Rules::yovodji(),
        &[0, 1, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1],
        [20, 20],
        Player::P0,
    );
    assert!(taken(&g.play(Move::Sow(pit(1))).unwrap()).is_empty());
}

/// Aw-li On-nam Ot-tjin ends when the player to move has no hole of two
/// seeds. By hand: South to move on `1 0 0 0 0 0 0 0 0 | 2 0 0 0 0 0 0 0
/// 1` (stores 10 and 5) cannot sow; North can (hole 9), so the 4 seeds
/// left are his: 5 + 4 = 9 against 10, South wins. With North's hole 9
/// holding 1 instead, neither can sow: a draw, whatever the stores.
#[test]
fn aw_li_gives_the_seeds_left_to_the_player_able_to_sow() {
    let south = [1, 0, 0, 0, 0, 0, 0, 0, 0];
    let board = |h9: u16| {
        let mut b = south.to_vec();
        b.extend([h9, 0, 0, 0, 0, 0, 0, 0, 1]);
        b
    };
    let g = game(
        Rules::aw_li_on_nam_ot_tjin(),
        &board(2),
        [10, 5],
        Player::P0,
    );
    assert!(g.is_over());
    assert_eq!(g.scores().as_slice(), [10, 9]);
    assert_eq!(g.status(), Status::Over(Outcome::Winner(Player::P0)));
    let g = game(
        Rules::aw_li_on_nam_ot_tjin(),
        &board(1),
        [10, 5],
        Player::P0,
    );
    assert!(g.is_over());
    assert_eq!(g.status(), Status::Over(Outcome::Draw));
}

/// The new rule data is checked: a capture that reads the hole across
/// needs two rows, a fallback capture cannot take a lone seed from an
/// empty file, and a game that sows any hole needs no more holes than a
/// position may have moves (every hole, or the opponents' holes and one
/// more, on a large board).
#[test]
fn new_rule_data_is_checked() {
    let mut facing = Rules::yovodji();
    facing.layout = Layout::new(4, &[Player::P0, Player::P1, Player::P1]);
    assert_eq!(
        facing.check().unwrap_err(),
        RulesError::OppositeNeedsTwoRows
    );
    let mut empty = Rules::yovodji();
    empty.fallback_capture = Capture::Opposite {
        require_opposite: false,
        zone: Zone::Own,
        take_lone: true,
    };
    assert_eq!(empty.check().unwrap_err(), RulesError::FallbackTakesEmpty);
    let big = Rules::kapana_bona().with_houses(40);
    assert_eq!(big.check().unwrap_err(), RulesError::TooManyMoves(80));
    // Six rows of 13, one each: a player's opponents own 5 x 13 = 65 holes,
    // as many as a position may have moves; with his own last hole, 66.
    let six = Layout::new(13, &Player::all(6).collect::<Vec<_>>());
    let mut opponents = Rules::tap_urdy();
    opponents.layout = six;
    assert!(opponents.check().is_ok());
    opponents.sowable.zone = Zone::OpponentsAndLast;
    assert_eq!(opponents.check().unwrap_err(), RulesError::TooManyMoves(66));
    let mut sweep = Rules::oware();
    sweep.sweep.counts = CountSet::EMPTY.with(4);
    assert!(sweep.check().is_ok());
}

/// Kapana Bona: South may sow North's holes too; a single seed goes back
/// into its own hole (nothing changes); a lap of three keeps one and sows
/// two on, and every 2, 4 or 6 of the board is then taken. By hand, on
/// `1 3 0 | 1 1 1` (holes 0 to 5): South's legal moves are every hole with
/// seeds, 0, 1, 3, 4 and 5. South sows North's hole 4 (one seed): it goes
/// back, the board is unchanged. North sows hole 1 (South's, three seeds):
/// one back into hole 1, then holes 2 and 3, giving `1 1 1 | 2 1 1`; hole 3
/// holds 2 and is taken by North. Every hole then holds at most one seed:
/// the game ends, North 2 to South 0 (the seeds left count for nobody).
#[test]
fn kapana_bona_sows_any_hole_and_sweeps_evens() {
    let mut g = game(
        Rules::kapana_bona(),
        &[1, 3, 0, 1, 1, 1],
        [0, 0],
        Player::P0,
    );
    let moves: Vec<Move> = [0, 1, 3, 4, 5].map(|i| Move::Sow(pit(i))).to_vec();
    assert_eq!(g.legal_moves().as_slice(), moves.as_slice());
    let turn = g.play(Move::Sow(pit(4))).unwrap();
    assert!(taken(&turn).is_empty());
    assert_eq!(g.board().holes(), &[1, 3, 0, 1, 1, 1]);
    assert_eq!(g.to_move(), Some(Player::P1));
    let turn = g.play(Move::Sow(pit(1))).unwrap();
    assert_eq!(taken(&turn), [3]);
    assert_eq!(g.board().holes(), &[1, 1, 1, 0, 1, 1]);
    assert_eq!(g.board().stores()[..2], [0, 2]);
    assert_eq!(g.status(), Status::Over(Outcome::Winner(Player::P1)));
}

/// Oure Ngat's first move: hole 0's six seeds, one back into hole 0 and
/// five on into holes 1 to 5, give `1 7 7 7 | 7 7 6 6`; the two 6s (holes 6
/// and 7) are taken: 12 for South.
#[test]
fn oure_ngat_sweeps_the_board_after_the_sowing() {
    let mut g = Mancala::new(Rules::oure_ngat()).unwrap();
    let turn = g.play(Move::Sow(pit(0))).unwrap();
    assert_eq!(taken(&turn), [6, 7]);
    assert_eq!(g.board().holes(), &[1, 7, 7, 7, 7, 7, 0, 0]);
    assert_eq!(g.board().stores()[..2], [12, 0]);
}

/// Oure Ngat never ends once every hole holds at most one seed: each move
/// sows a single seed back into its own hole, so the board stays as it is
/// and is never empty. By hand, on `1 0 1 0 | 0 1 0 1`: twenty moves later
/// the position is the same, and the game goes on.
#[test]
fn oure_ngat_single_seeds_stand_still_forever() {
    let start = game(
        Rules::oure_ngat(),
        &[1, 0, 1, 0, 0, 1, 0, 1],
        [20, 16],
        Player::P0,
    );
    let mut g = start.clone();
    for _ in 0..20 {
        let mv = g.legal_moves()[0];
        let turn = g.play(mv).unwrap();
        assert!(taken(&turn).is_empty());
        assert_eq!(g.board(), start.board());
        assert!(!g.is_over());
    }
    assert_eq!(g, start);
}

/// Wouri: a lap ending in North's row at 4 takes it, then every 4 of his
/// row, and the move ends (no relay). By hand, on `0 0 0 0 0 2 | 0 3 4 1 4
/// 0`: South's hole 5 sows holes 6 and 7; hole 7 now holds 4: taken, with
/// holes 8 and 10 (4 each); hole 9 (1) stays. 12 for South.
#[test]
fn wouri_sweeps_the_opponents_fours_after_a_capture() {
    let mut g = game(
        Rules::wouri(),
        &[0, 0, 0, 0, 0, 2, 0, 3, 4, 1, 4, 0],
        [10, 10],
        Player::P0,
    );
    let turn = g.play(Move::Sow(pit(5))).unwrap();
    assert_eq!(taken(&turn), [7, 8, 10]);
    assert_eq!(g.board().holes(), &[0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0]);
    assert_eq!(g.board().stores()[..2], [22, 10]);
}

/// Without a capture, Wouri sweeps nothing. By hand, on `0 0 0 0 1 0 | 0 0
/// 4 0 0 1`: South's hole 4 sows hole 5 (own row, now 1): no capture, no
/// relay, and North's 4 in hole 8 stays.
#[test]
fn wouri_sweeps_nothing_without_a_capture() {
    let mut g = game(
        Rules::wouri(),
        &[0, 0, 0, 0, 1, 0, 0, 0, 4, 0, 0, 1],
        [20, 18],
        Player::P0,
    );
    let turn = g.play(Move::Sow(pit(4))).unwrap();
    assert!(taken(&turn).is_empty());
    assert_eq!(g.board().holes(), &[0, 0, 0, 0, 0, 1, 0, 0, 4, 0, 0, 1]);
}

/// Hoyito: a last seed making 4 takes them; with at most 8 seeds on the
/// board after the sowing, every seed left goes too. By hand, on `0 0 0 0
/// 0 1 | 3 2 0 0 0 1` (7 seeds): South's hole 5 sows hole 6, now 4: taken,
/// and the board held 7, so holes 7 (2) and 11 (1) go too: 7 for South, the
/// board is empty and North, to move, has no seeds: South wins.
#[test]
fn hoyito_takes_every_seed_when_few_are_left() {
    let mut g = game(
        Rules::hoyito(),
        &[0, 0, 0, 0, 0, 1, 3, 2, 0, 0, 0, 1],
        [20, 13],
        Player::P0,
    );
    let turn = g.play(Move::Sow(pit(5))).unwrap();
    assert_eq!(taken(&turn), [6, 7, 11]);
    assert_eq!(g.board().on_board(), 0);
    assert_eq!(g.board().stores()[..2], [27, 13]);
    assert_eq!(g.status(), Status::Over(Outcome::Winner(Player::P0)));
}

/// With more than 8 seeds on the board Hoyito takes the 4 alone. By hand,
/// on `0 0 0 0 0 1 | 3 2 0 0 0 5` (11 seeds): hole 6 makes 4 and is taken;
/// holes 7 and 11 stay.
#[test]
fn hoyito_takes_the_four_alone_when_many_are_left() {
    let mut g = game(
        Rules::hoyito(),
        &[0, 0, 0, 0, 0, 1, 3, 2, 0, 0, 0, 5],
        [20, 9],
        Player::P0,
    );
    let turn = g.play(Move::Sow(pit(5))).unwrap();
    assert_eq!(taken(&turn), [6]);
    assert_eq!(g.board().holes(), &[0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 5]);
    assert_eq!(g.board().stores()[..2], [24, 9]);
}

/// A game that sows the opponent's row (Tap Urdy) refuses the mover's own
/// holes with `OutsideZone`, and leaves the state as it was.
#[test]
fn own_holes_are_refused_where_the_opponents_are_sown() {
    let start = Mancala::new(Rules::tap_urdy()).unwrap();
    let moves: Vec<Move> = (6..12).map(|i| Move::Sow(pit(i))).collect();
    assert_eq!(start.legal_moves().as_slice(), moves.as_slice());
    let mut g = start.clone();
    assert_eq!(
        g.play(Move::Sow(pit(2))),
        Err(PlayError::OutsideZone {
            pit: pit(2),
            mover: Player::P0
        })
    );
    assert_eq!(g, start);
}
