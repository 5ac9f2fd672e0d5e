//! The registry of games: every game builds by name, searches to a legal
//! move, plays it, and refuses bad input without changing anything.

use std::time::Duration;

use mancala_core::{Player, Status};
use mancala_engine::{AnyGame, GAMES, Limits, MoveError, NewGameError, SearchError, Stop};

/// Whether `best` is a legal move of `game`: one of its legal moves, or in
/// a simultaneous turn one legal choice of each acting player joined by
/// `/`.
fn is_legal(game: &AnyGame, best: &str) -> bool {
    match game.status() {
        Status::ToMove(_) => game.legal_moves().iter().any(|m| m == best),
        Status::Simultaneous(set) => {
            let parts: Vec<&str> = best.split('/').collect();
            parts.len() == set.iter().count()
                && set
                    .iter()
                    .zip(parts)
                    .all(|(p, part)| game.legal_choices(p).iter().any(|c| c == part))
        }
        Status::Over(_) => false,
    }
}

#[test]
fn every_game_gives_a_legal_best_move_that_plays() {
    for info in &GAMES {
        let mut game = AnyGame::new(info.name, "").unwrap_or_else(|e| panic!("{}: {e}", info.name));
        assert_eq!(game.name(), info.name);
        for _ in 0..3 {
            let result = game
                .search(&Limits::nodes(1_000))
                .unwrap_or_else(|e| panic!("{}: {e}", info.name));
            assert!(
                is_legal(&game, &result.best),
                "{}: {}",
                info.name,
                result.best
            );
            assert_eq!(result.pv.first(), Some(&result.best), "{}", info.name);
            game.play(&result.best)
                .unwrap_or_else(|e| panic!("{}: {e}", info.name));
        }
    }
}

#[test]
fn the_principal_variation_is_a_line_of_legal_moves() {
    for name in [
        "oware",
        "kalah",
        "numercy",
        "robertson",
        "mankka",
        "toguz-kumalak",
    ] {
        let game = AnyGame::new(name, "").unwrap();
        let result = game.search(&Limits::depth(5)).unwrap();
        assert_eq!(result.depth, 5, "{name}");
        let mut line = game.clone();
        for mv in &result.pv {
            assert!(
                line.legal_moves().contains(mv),
                "{name}: {mv} in {:?}",
                result.pv
            );
            line.play(mv).unwrap();
        }
    }
}

#[test]
fn a_search_by_nodes_and_depth_is_deterministic() {
    for info in &GAMES {
        let game = AnyGame::new(info.name, "").unwrap();
        let limits = Limits::nodes(3_000).with_depth(6);
        let a = game.search(&limits).unwrap();
        let b = game.search(&limits).unwrap();
        assert_eq!(a, b, "{}", info.name);
    }
}

#[test]
fn the_node_limit_holds() {
    let game = AnyGame::new("oware", "").unwrap();
    for nodes in [1, 10, 500, 5_000] {
        let result = game.search(&Limits::nodes(nodes)).unwrap();
        assert!(result.nodes <= nodes, "{} > {nodes}", result.nodes);
    }
}

#[test]
fn a_raised_stop_flag_ends_an_unlimited_search_at_once() {
    let stop = Stop::new();
    stop.stop();
    for name in ["oware", "kalah", "en-gehe", "numa"] {
        let game = AnyGame::new(name, "").unwrap();
        let result = game
            .search(&Limits::none().with_stop(stop.clone()))
            .unwrap();
        assert!(is_legal(&game, &result.best), "{name}");
        // Alpha-beta reads the flag every 256 positions, the first time
        // before any; Numa's search makes the turn's own matrix whatever
        // happens (72 x 72 + 72 positions) and reads the flag every 1,024,
        // for each of the two players.
        let most = if name == "numa" {
            2 * (72 * 73 + 1_024)
        } else {
            256
        };
        assert!(result.nodes <= most, "{name}: {} nodes", result.nodes);
    }
}

#[test]
fn a_stop_from_another_thread_ends_the_search() {
    let stop = Stop::new();
    let game = AnyGame::new("awari", "").unwrap();
    let limits = Limits::none().with_stop(stop.clone());
    let result = std::thread::scope(|s| {
        let search = s.spawn(|| game.search(&limits));
        std::thread::sleep(Duration::from_millis(50));
        stop.stop();
        search.join().unwrap()
    })
    .unwrap();
    assert!(is_legal(&game, &result.best));
    assert!(!result.exact);
}

#[test]
fn a_time_limit_ends_the_search() {
    let game = AnyGame::new("oware", "").unwrap();
    let started = std::time::Instant::now();
    let result = game
        .search(&Limits::time(Duration::from_millis(30)))
        .unwrap();
    assert!(is_legal(&game, &result.best));
    // Generous: a debug build on a loaded machine.
    assert!(started.elapsed() < Duration::from_secs(10));
}

#[test]
fn options_are_read_over_the_games_preset() {
    let small = AnyGame::new("kalah", "houses=4 seeds=3").unwrap();
    assert_eq!(
        small.to_string(),
        "3,3,3,3/3,3,3,3 0,0 0 rules=kalah houses=4 seeds=3"
    );
    // Robertson's layout resets the board first wherever it is written.
    let a = AnyGame::new("robertson", "layout=triangle").unwrap();
    assert_eq!(a, AnyGame::new("robertson", " layout=triangle  ").unwrap());
    let mankka_one = AnyGame::new("mankka", "variant=one").unwrap();
    assert_ne!(mankka_one, AnyGame::new("mankka", "").unwrap());
}

#[test]
fn bad_options_are_typed_errors() {
    assert!(matches!(AnyGame::new("chess", ""), Err(NewGameError::UnknownGame(n)) if n == "chess"));
    assert!(matches!(
        AnyGame::new("oware", "bogus=1"),
        Err(NewGameError::Option(_))
    ));
    assert!(matches!(
        AnyGame::new("oware", "houses"),
        Err(NewGameError::Option(_))
    ));
    assert!(matches!(
        AnyGame::new("oware", "houses=x"),
        Err(NewGameError::Option(_))
    ));
    assert!(matches!(
        AnyGame::new("oware", "seeds=3 seeds=4"),
        Err(NewGameError::Option(_))
    ));
    assert!(matches!(
        AnyGame::new("oware", "rules=kalah"),
        Err(NewGameError::Preset(_))
    ));
    assert!(matches!(
        AnyGame::new("toguz-kumalak", "houses=9"),
        Err(NewGameError::Option(_))
    ));
    let budget = AnyGame::new("numercy", "max_laps=5").unwrap_err();
    assert!(budget.to_string().contains("not a rule"), "{budget}");
}

#[test]
fn refused_moves_and_positions_change_nothing() {
    for info in &GAMES {
        let mut game = AnyGame::new(info.name, "").unwrap();
        let before = game.clone();
        for text in ["", "99", "pass/pass/pass", "\u{0}", "-1", "h3"] {
            if game.play(text).is_ok() {
                // "pass" and friends may be legal somewhere: only a refusal
                // must leave the game alone.
                game = before.clone();
                continue;
            }
            assert_eq!(game, before, "{}: {text:?}", info.name);
        }
        let err = game.set_position("not a position").unwrap_err();
        assert!(
            matches!(err, MoveError::Position(_)),
            "{}: {err}",
            info.name
        );
        assert_eq!(game, before);
    }
}

#[test]
fn positions_round_trip_and_keep_the_rules() {
    for info in &GAMES {
        let mut game = AnyGame::new(info.name, "").unwrap();
        let best = game.search(&Limits::nodes(200)).unwrap().best;
        game.play(&best).unwrap();
        let text = game.to_string();
        let mut fresh = AnyGame::new(info.name, "").unwrap();
        fresh.set_position(&text).unwrap();
        assert_eq!(fresh, game, "{}", info.name);
    }
    let mut kalah = AnyGame::new("kalah", "").unwrap();
    let oware_start = AnyGame::new("oware", "").unwrap().to_string();
    assert!(matches!(
        kalah.set_position(&oware_start),
        Err(MoveError::RulesDiffer { .. })
    ));
}

#[test]
fn a_finished_game_has_no_move_to_search() {
    // Kalah with one house of one seed: South sows into his store and
    // moves again with an empty row, which ends the game.
    let mut game = AnyGame::new("kalah", "houses=1 seeds=1").unwrap();
    game.play("0").unwrap();
    assert!(matches!(game.status(), Status::Over(_)), "{game}");
    assert_eq!(game.search(&Limits::nodes(10)), Err(SearchError::GameOver));
    assert!(game.legal_moves().is_empty());
    assert!(game.play("0").is_err());
    let numa = AnyGame::new("numa", "").unwrap();
    assert!(
        numa.legal_moves().is_empty(),
        "a simultaneous turn lists choices instead"
    );
    assert_eq!(numa.legal_choices(Player::P1).len(), 72);
    let oware = AnyGame::new("oware", "").unwrap();
    assert_eq!(
        oware.search_for(Player::P1, &Limits::nodes(10)),
        Err(SearchError::NotActing(1))
    );
}

/// Every option of every game has a line of help, and its default is the
/// game's own value: giving it back changes nothing.
#[test]
fn every_option_has_help_and_its_default_is_the_games() {
    for info in &GAMES {
        let start = AnyGame::new(info.name, "").unwrap();
        let options = info.options();
        let keys: Vec<&str> = options.iter().map(|o| o.key).collect();
        assert_eq!(keys, info.keys, "{}", info.name);
        for option in options {
            assert!(!option.help.is_empty(), "{} {}", info.name, option.key);
            let Some(default) = option.default else {
                continue;
            };
            let again = AnyGame::new(info.name, &format!("{}={default}", option.key))
                .unwrap_or_else(|e| panic!("{} {}={default}: {e}", info.name, option.key));
            assert_eq!(
                again.to_string(),
                start.to_string(),
                "{} {}",
                info.name,
                option.key
            );
        }
    }
}

/// The rules in words say a game's restricted first moves: a catalogue
/// game's summary (Dabuda's), and a sentence after Kalah's words when an
/// option restricts them.
#[test]
fn the_rules_in_words_say_the_first_moves() {
    let dabuda = AnyGame::new("dabuda", "").unwrap().rules_in_words();
    assert!(
        dabuda.contains("first move sows his rightmost hole"),
        "{dabuda}"
    );
    let kalah = AnyGame::new("kalah", "first_moves=2:1")
        .unwrap()
        .rules_in_words();
    assert!(
        kalah.ends_with(
            " Each of the first 2 moves of the game must sow the mover's rightmost hole, \
             where it can (another hole only when none of those may be sown)."
        ),
        "{kalah}"
    );
    let plain = AnyGame::new("kalah", "").unwrap().rules_in_words();
    assert!(!plain.contains("must sow"), "{plain}");
}
