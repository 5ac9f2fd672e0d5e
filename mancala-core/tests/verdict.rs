//! Games not won by score ([`Verdict`]): a store at a target (Uril), an
//! empty row that wins (Waurie) or loses (Altiev), with the relay that an
//! empty row stops ([`RelayConditions::stop_on_empty_side`]).

use mancala_core::{
    End, Game, Mancala, Move, Outcome, Pit, Player, Rules, RulesError, Setup, Status,
    notation::RuleOptions,
    rules::{Leftover, Verdict},
};

fn pit(i: usize) -> Pit {
    Pit::new(i).unwrap()
}

fn game(rules: Rules, board: &[u16], stores: [u16; 2]) -> Mancala {
    let mut setup = Setup::new(rules);
    setup.board = board.to_vec();
    setup.stores = stores.to_vec();
    Mancala::from_setup(setup).unwrap()
}

/// Uril ends as soon as a store holds 25. By hand: South's hole 5 (1 seed)
/// reaches North's hole 6, which then holds 2: taken, 23 + 2 = 25 in his
/// store (hole 5 before it is his own: no chain); North keeps hole 7's 3
/// seeds, so the move feeds him. South wins though North has as much on
/// the board and in his store as the rules would ever count.
#[test]
fn uril_is_won_at_the_target() {
    let mut game = game(
        Rules::uril(),
        &[0, 0, 0, 0, 0, 1, 1, 3, 0, 0, 0, 0],
        [23, 20],
    );
    game.play(Move::Sow(pit(5))).unwrap();
    assert_eq!(game.board().stores()[..2], [25, 20]);
    let reached = End::Target {
        player: Player::P0,
        seeds: 25,
    };
    assert_eq!(game.end(), Some(reached));
    assert_eq!(game.status(), Status::Over(Outcome::Winner(Player::P0)));
}

/// Uril's game is drawn when neither player can move, whatever the
/// stores. By hand: South has no seeds; North's only seed, in hole 6,
/// would go to his own hole 7, leaving South none, which feeding forbids:
/// nobody can move, and South's 24 against North's 23 decide nothing.
#[test]
fn uril_is_drawn_when_nobody_can_move() {
    let game = game(
        Rules::uril(),
        &[0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0],
        [24, 23],
    );
    assert_eq!(game.end(), Some(End::NobodyCanMove));
    assert_eq!(game.status(), Status::Over(Outcome::Draw));
}

/// Waurie is won by emptying one's own row. By hand: South's last seed,
/// in hole 5, goes into his store (Kalah's track); that would give him
/// another move, but his row is empty: the game ends and he wins, with 4
/// seeds in his store against North's 44.
#[test]
fn waurie_is_won_by_emptying_the_own_row() {
    let mut game = game(
        Rules::waurie(),
        &[0, 0, 0, 0, 0, 1, 4, 4, 4, 4, 4, 4],
        [3, 20],
    );
    let turn = game.play(Move::Sow(pit(5))).unwrap();
    assert!(turn.extra_turn && turn.captured.is_empty());
    assert_eq!(game.board().store(Player::P0), 4);
    assert_eq!(game.end(), Some(End::SideEmpty(Player::P0)));
    assert_eq!(game.status(), Status::Over(Outcome::Winner(Player::P0)));
    assert!(game.scores()[Player::P0] < game.scores()[Player::P1]);
}

/// Altiev stops a relay once a row is empty, and the player whose row it
/// is loses. By hand: South sows hole 5's 6 seeds into North's holes 6 to
/// 11; hole 11 then holds 2, which would relay, but South's row is empty:
/// the move and the game end, North winning. Without the stop, hole 11's 2
/// seeds go on to holes 0 and 1; hole 1 was empty, in South's row, facing
/// hole 10 (1 seed): taken, the lone seed staying, and the game goes on.
#[test]
fn altiev_stops_the_relay_at_an_empty_row_and_its_owner_loses() {
    let board = [0, 0, 0, 0, 0, 6, 0, 0, 0, 0, 0, 1];
    let mut altiev = game(Rules::altiev(), &board, [15, 14]);
    let turn = altiev.play(Move::Sow(pit(5))).unwrap();
    assert_eq!(turn.laps, 1);
    assert_eq!(
        altiev.board().holes(),
        &[0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 2]
    );
    assert_eq!(altiev.end(), Some(End::SideEmpty(Player::P0)));
    assert_eq!(altiev.status(), Status::Over(Outcome::Winner(Player::P1)));

    let mut rules = Rules::altiev();
    rules.relay_if.stop_on_empty_side = false;
    let mut relayed = game(rules, &board, [15, 14]);
    let turn = relayed.play(Move::Sow(pit(5))).unwrap();
    assert_eq!(turn.laps, 2);
    assert_eq!(
        relayed.board().holes(),
        &[1, 1, 0, 0, 0, 0, 1, 1, 1, 1, 0, 0]
    );
    assert_eq!(relayed.board().stores()[..2], [16, 14]);
    assert_eq!(relayed.status(), Status::ToMove(Player::P1));
}

/// A verdict on the rows needs the seeds left in them: with the seeds
/// swept to their owners every row would be empty at the end.
#[test]
fn a_verdict_on_rows_needs_the_seeds_left() {
    let mut rules = Rules::altiev();
    rules.leftover = Leftover::ToOwner;
    assert_eq!(rules.check().err(), Some(RulesError::VerdictNeedsSeedsLeft));
    rules.verdict = Verdict::Target;
    assert!(rules.check().is_ok());
}

/// The options text: `target`, `verdict` and `stop_on_empty_side` read
/// and write, and the presets' words read back as the presets.
#[test]
fn verdict_keys_read_and_write() {
    for rules in [Rules::uril(), Rules::waurie(), Rules::altiev()] {
        let text = rules.to_string();
        assert_eq!(text.parse::<Rules>().unwrap(), rules, "{text}");
    }
    let uril = Rules::uril();
    assert_eq!(uril.value("target").as_deref(), Some("25"));
    assert_eq!(uril.value("verdict").as_deref(), Some("target"));
    assert_eq!(Rules::oware().value("verdict").as_deref(), Some("score"));
    assert_eq!(Rules::oware().value("target").as_deref(), Some("none"));
    let mut rules = Rules::oware();
    rules.set("verdict", "empty-wins").unwrap();
    assert_eq!(rules.verdict, Verdict::EmptyRowWins);
    rules.set("stop_on_empty_side", "true").unwrap();
    assert!(rules.relay_if.stop_on_empty_side);
    assert!(rules.set("verdict", "most").is_err());
    assert!(rules.set("target", "-1").is_err());
}
