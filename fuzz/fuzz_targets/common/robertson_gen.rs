//! Arbitrary Robertson setups and rubbers, valid or not (not only
//! reachable ones), and the contract every accepted state keeps.

#![allow(dead_code)] // each target uses what it needs

use arbitrary::{Arbitrary, Unstructured};
use mancala_core::{history::SeenPosition, rules::MAX_PLAYERS};
use robertson::{
    Game, MAX_CAPTURE_HONOURS, MAX_HONOURS, Options, Player, Robertson, Rubber, RubberError, Setup,
    SetupError,
};

fn player(u: &mut Unstructured<'_>) -> arbitrary::Result<Player> {
    Ok(Player::new(u.int_in_range(0..=MAX_PLAYERS - 1)?).unwrap_or_default())
}

/// `len` counts (now and then one more or one fewer), mostly small.
fn counts(u: &mut Unstructured<'_>, len: usize) -> arbitrary::Result<Vec<u16>> {
    let len = match u.int_in_range(0..=15u8)? {
        0 => len + 1,
        1 => len.saturating_sub(1),
        _ => len,
    };
    (0..len)
        .map(|_| {
            if u.ratio(1, 32)? {
                u.arbitrary()
            } else {
                u.int_in_range(0..=7)
            }
        })
        .collect()
}

/// A number near the interesting edges of `max`, or any.
pub fn near(u: &mut Unstructured<'_>, max: u64) -> arbitrary::Result<u64> {
    Ok(match u.int_in_range(0..=5u8)? {
        0 => u.int_in_range(0..=20)?,
        1 => max.saturating_sub(u.int_in_range(0..=200_000)?),
        2 => max.saturating_add(u.int_in_range(0..=3)?),
        3 => u64::MAX - u.int_in_range(0..=3)?,
        _ => u.arbitrary()?,
    })
}

/// Options, now and then with an honours entry near or past the bound.
pub fn options(u: &mut Unstructured<'_>) -> arbitrary::Result<Options> {
    let mut options = Options::arbitrary(u)?;
    if u.ratio(1, 4)? {
        options.honours.four_threes = near(u, MAX_CAPTURE_HONOURS)?;
    }
    Ok(options)
}

/// A setup drawn from the input: any options, counts, honours (near the
/// bound often), player, `over` flag and history.
pub fn setup(u: &mut Unstructured<'_>) -> arbitrary::Result<Setup> {
    let mut setup = Setup::new(options(u)?);
    setup.board = counts(u, setup.board.len())?;
    setup.captured = counts(u, setup.captured.len())?;
    let players = setup.honours.len();
    let len = match u.int_in_range(0..=15u8)? {
        0 => players + 1,
        1 => players.saturating_sub(1),
        _ => players,
    };
    setup.honours = (0..len)
        .map(|_| near(u, MAX_HONOURS))
        .collect::<arbitrary::Result<_>>()?;
    setup.to_move = player(u)?;
    setup.over = u.ratio(1, 4)?;
    for _ in 0..u.int_in_range(0..=2u8)? {
        setup.history.push(SeenPosition {
            board: counts(u, setup.board.len())?,
            to_move: player(u)?,
        });
    }
    Ok(setup)
}

/// The JSON of a rubber drawn from the input (its game from [`setup`],
/// totals and counts near their limits), valid or not.
pub fn rubber_json(u: &mut Unstructured<'_>) -> arbitrary::Result<serde_json::Value> {
    let setup = setup(u)?;
    let players = setup.options.players();
    let totals: Vec<u64> = (0..players + usize::from(u.ratio(1, 16)?))
        .map(|_| near(u, 100))
        .collect::<arbitrary::Result<_>>()?;
    let games = if u.arbitrary()? {
        u32::MAX - u.int_in_range(0..=2)?
    } else {
        u.int_in_range(0..=9)?
    };
    let winner = if u.ratio(1, 3)? {
        Some(player(u)?.index())
    } else {
        None
    };
    Ok(serde_json::json!({
        "options": setup.options,
        "target": near(u, 100)?,
        "totals": totals,
        "games": games,
        "game": setup,
        "winner": winner,
    }))
}

/// What `from_setup` refuses is refused for a reason the setup shows.
pub fn check_refusal(setup: &Setup, e: SetupError) {
    match e {
        SetupError::Options(o) => assert_eq!(setup.options.check(), Err(o)),
        SetupError::HonoursLength { expected, found } => {
            assert_eq!(expected, setup.options.players());
            assert_eq!(found, setup.honours.len());
        }
        SetupError::Honours {
            player,
            honours,
            max,
        } => {
            assert!(honours > max, "refused {honours} <= {max}");
            assert!(max <= MAX_HONOURS);
            assert_eq!(setup.honours.get(player.index()), Some(&honours));
        }
        SetupError::Position(_) => {}
        e => panic!("unexpected setup error {e:?}"),
    }
}

/// The contract of an accepted state: exact scores, every round trip, and
/// states reached from it by play are accepted too (the honours bound is
/// closed under play).
pub fn check_game(game: &Robertson, plies: usize) {
    let mut game = game.clone();
    for ply in 0..=plies {
        let (captured, honours, scores) = (game.captured(), game.honours(), game.scores());
        for (p, s) in scores.iter() {
            assert!(honours[p] <= MAX_HONOURS, "honours within the bound");
            assert_eq!(Some(*s), captured[p].checked_add(honours[p]), "exact score");
        }
        let ranking = game.ranking();
        assert!(ranking.windows(2).all(|w| w[0].1 >= w[1].1));
        let setup = game.to_setup();
        assert_eq!(Robertson::from_setup(setup.clone()).as_ref(), Ok(&game));
        let json = serde_json::to_string(&game).expect("a state serializes");
        let back: Robertson = serde_json::from_str(&json).expect("a state deserializes");
        assert_eq!(back, game, "serde round trip");
        let text = game.to_string();
        assert_eq!(text.parse::<Robertson>().as_ref(), Ok(&game), "`{text}`");
        let legal = game.legal_moves();
        if ply == plies || legal.is_empty() {
            break;
        }
        let pit = legal[(ply * 7) % legal.len()];
        game.play(pit).expect("a legal move is accepted");
    }
}

/// The contract of an accepted rubber: consistent, round-trips, and plays
/// on exactly or refuses with a typed error, changing nothing.
pub fn check_rubber(rubber: &Rubber, moves: usize) {
    let mut rubber = rubber.clone();
    for _ in 0..=moves {
        let players = rubber.game().options().players();
        assert_eq!(rubber.totals().len(), players);
        assert_eq!(rubber.winner().is_some(), rubber.game().is_over());
        if let Some(w) = rubber.winner() {
            assert!(rubber.totals()[w] >= rubber.target());
        }
        let json = serde_json::to_string(&rubber).expect("a rubber serializes");
        let back: Rubber = serde_json::from_str(&json).expect("a rubber deserializes");
        assert_eq!(back, rubber, "rubber serde round trip");
        let Some(&pit) = rubber.game().legal_moves().first() else {
            break;
        };
        let before = rubber.clone();
        match rubber.play(pit) {
            Ok(_) => {
                let mut finished = before.game().clone();
                finished.play(pit).expect("legal in the game too");
                if finished.is_over() {
                    // Counted exactly.
                    assert_eq!(rubber.games_played(), before.games_played() + 1);
                    for (p, s) in finished.scores().iter() {
                        assert_eq!(Some(rubber.totals()[p]), before.totals()[p].checked_add(*s));
                    }
                } else {
                    assert_eq!(rubber.game(), &finished);
                    assert_eq!(rubber.totals(), before.totals());
                }
            }
            Err(RubberError::GamesLimit) => {
                assert_eq!(before.games_played(), u32::MAX);
                assert_eq!(rubber, before, "a refused move changes nothing");
                break;
            }
            Err(RubberError::TotalsLimit) => {
                assert_eq!(rubber, before, "a refused move changes nothing");
                break;
            }
            Err(e) => panic!("a legal move refused: {e}"),
        }
    }
}
