use super::*;

fn close(a: f64, b: f64, tolerance: f64) -> bool {
    (a - b).abs() <= tolerance
}

fn record(wins: u32, draws: u32, losses: u32) -> Record {
    Record {
        wins,
        draws,
        losses,
    }
}

/// A crosstable of `agents` agents with these records, each `(a, b,
/// a's record against b)`.
fn table(agents: usize, records: &[(usize, usize, Record)]) -> Crosstable {
    let mut t = Crosstable::new(agents);
    for &(a, b, r) in records {
        t.set(a, b, r).unwrap();
    }
    t
}

/// The fit of [`table`]`(agents, records)`, which must succeed.
fn fitted(agents: usize, records: &[(usize, usize, Record)]) -> Ratings {
    fit(&table(agents, records)).unwrap()
}

/// The fit of three agents A, B and C who all met, from A's record against
/// B, B's against C and A's against C.
fn triangle([ab, bc, ac]: [Record; 3]) -> Ratings {
    fitted(3, &[(0, 1, ab), (1, 2, bc), (0, 2, ac)])
}

#[test]
fn a_75_percent_score_is_190_8_elo() {
    // 1/p − 1 = 1/3; log10(1/3) = −0.477121; × −400 = +190.849.
    assert!(close(elo_from_fraction(0.75), 190.849, 0.001));
    assert!(close(elo_from_fraction(0.25), -190.849, 0.001));
    assert_eq!(elo_from_fraction(0.5), 0.0);
    // 10^(190.849/400) = 3: odds of 3 to 1, a 3/4 score.
    assert!(close(expected_fraction(190.849), 0.75, 1e-6));
}

#[test]
fn points_are_written_exactly() {
    assert_eq!(record(13, 1, 6).points_text(), "13.5/20");
    assert_eq!(record(0, 0, 20).points_text(), "0/20");
    assert_eq!(record(0, 1, 0).points_text(), "0.5/1");
    assert_eq!(record(0, 0, 0).fraction(), None);
    assert_eq!(record(3, 2, 5).reversed(), record(5, 2, 3));
}

#[test]
fn the_delta_method_error_of_15_wins_in_20() {
    // p = 15/20 = 0.75. Per-game variance around p: (15 × 0.25² +
    // 5 × 0.75²) / 20 = (0.9375 + 2.8125) / 20 = 0.1875 (= p(1 − p)
    // without draws). SE(p) = √(0.1875 / 20) = 0.096825.
    // dElo/dp = 400 / (ln 10 × 0.1875) = 400 / 0.431735 = 926.49.
    // SE = 926.49 × 0.096825 = 89.71 Elo; 95%: ±175.8.
    let e = two_agent(record(15, 0, 5)).unwrap();
    assert!(close(e.elo, 190.85, 0.01));
    assert!(close(e.se, 89.71, 0.01), "{e:?}");
    assert!(close(e.margin95(), 175.83, 0.01), "{e:?}");
    assert_eq!(e.to_string(), "+190.8 ± 175.8");
}

#[test]
fn draws_narrow_the_error_bar() {
    // 10 wins and 10 draws: p = 0.75 again, but the per-game variance
    // is (10 × 0.25² + 10 × 0.25²) / 20 = 0.0625, a third of 0.1875:
    // SE = 926.49 × √(0.0625 / 20) = 926.49 × 0.055902 = 51.79.
    let e = two_agent(record(10, 10, 0)).unwrap();
    assert!(close(e.elo, 190.85, 0.01));
    assert!(close(e.se, 51.79, 0.01), "{e:?}");
}

#[test]
fn the_error_bar_shrinks_as_one_over_the_root_of_the_games() {
    // The same 75% over 4 times the games: half the error bar (89.71 / 2
    // = 44.86), 16 times: a quarter.
    let one = two_agent(record(15, 0, 5)).unwrap();
    let four = two_agent(record(60, 0, 20)).unwrap();
    let sixteen = two_agent(record(240, 0, 80)).unwrap();
    assert!(close(four.elo, one.elo, 1e-9));
    assert!(close(four.se, one.se / 2.0, 1e-9));
    assert!(close(sixteen.se, one.se / 4.0, 1e-9));
    assert!(close(four.se, 44.86, 0.01));
}

#[test]
fn a_whitewash_is_clamped_half_a_point() {
    // 20/20 counts as 19.5/20 = 0.975: 400 log10(39) = 400 × 1.591065
    // = +636.4 Elo; the per-game variance is 0.025² (each win 0.025
    // above p): SE = 400 / (ln 10 × 0.975 × 0.025) × 0.025 / √20
    // = 7126.9 × 0.0055902 = 39.84.
    assert_eq!(clamped_fraction(&record(20, 0, 0)), Some(0.975));
    assert_eq!(clamped_fraction(&record(0, 0, 20)), Some(0.025));
    assert_eq!(clamped_fraction(&record(19, 0, 1)), Some(0.95));
    assert_eq!(clamped_fraction(&record(1, 0, 0)), Some(0.5));
    let e = two_agent(record(20, 0, 0)).unwrap();
    assert!(close(e.elo, 636.43, 0.01), "{e:?}");
    assert!(close(e.se, 39.84, 0.01), "{e:?}");
    let lost = two_agent(record(0, 0, 20)).unwrap();
    assert!(close(lost.elo, -e.elo, 1e-9));
    assert_eq!(two_agent(Record::default()), None);
}

#[test]
fn the_crosstable_keeps_both_sides() {
    let mut t = Crosstable::new(3);
    t.add(0, 1, GameResult::Win).unwrap();
    t.add(1, 0, GameResult::Draw).unwrap();
    t.add(2, 0, GameResult::Loss).unwrap();
    assert_eq!(t.record(0, 1), Some(record(1, 1, 0)));
    assert_eq!(t.record(1, 0), Some(record(0, 1, 1)));
    assert_eq!(t.record(0, 2), Some(record(1, 0, 0)));
    assert_eq!(t.total(0), record(2, 1, 0));
    assert_eq!(t.games(), 3);
    assert_eq!(
        t.add(0, 3, GameResult::Win),
        Err(CrosstableError::NoSuchAgent {
            agent: 3,
            agents: 3
        })
    );
    assert_eq!(
        t.add(1, 1, GameResult::Win),
        Err(CrosstableError::SameAgent(1))
    );
    assert_eq!(t.games(), 3);
    assert_eq!(t.record(3, 0), None);
}

#[test]
fn the_fit_of_two_agents_is_the_closed_form() {
    for r in [
        record(15, 0, 5),
        record(10, 10, 0),
        record(20, 0, 0),
        record(3, 11, 6),
    ] {
        let ratings = fitted(2, &[(0, 1, r)]);
        let closed = two_agent(r).unwrap();
        let gap = ratings.difference(0, 1).unwrap();
        assert!(close(gap.elo, closed.elo, 1e-6), "{r:?}");
        assert!(close(gap.se, closed.se, 1e-6), "{r:?}");
        // Averaging 0, each agent is half the gap from 0, with half its
        // error bar (the two ratings move together).
        let a = ratings.estimate(0).unwrap();
        assert!(close(a.elo, closed.elo / 2.0, 1e-6));
        assert!(close(a.se, closed.se / 2.0, 1e-6));
        // Anchored at agent 1, agent 0 carries the whole gap.
        let anchored = ratings.anchored_at(1).unwrap();
        let a = anchored.estimate(0).unwrap();
        assert!(close(a.elo, closed.elo, 1e-6));
        assert!(close(a.se, closed.se, 1e-6));
        assert_eq!(anchored.estimate(1).unwrap().se, 0.0);
    }
}

#[test]
fn a_symmetric_crosstable_gives_equal_ratings() {
    // Every pairing even, or a cycle (A beats B, B beats C, C beats A,
    // all 15/20): each agent scores 20 of 40, the expected score at
    // equal ratings, so the fit stays at 0.
    for beats in [record(10, 0, 10), record(15, 0, 5), record(6, 8, 6)] {
        let ratings = fitted(3, &[(0, 1, beats), (1, 2, beats), (2, 0, beats)]);
        for agent in 0..3 {
            assert!(close(ratings.elo(agent).unwrap(), 0.0, 1e-9), "{beats:?}");
        }
        // And the same error bar for all three.
        let se = ratings.estimate(0).unwrap().se;
        for agent in 1..3 {
            assert!(close(ratings.estimate(agent).unwrap().se, se, 1e-9));
        }
    }
}

#[test]
fn a_crosstable_that_fits_the_model_exactly_is_recovered() {
    // A 15/20 against B, B 15/20 against C, A 18/20 against C. Odds of
    // 3 (A:B) and 3 (B:C) make 9 (A:C), a 9/10 score: the model's
    // expected points equal the actual ones (A 15 + 18 = 33, B 5 + 15
    // = 20, C 2 + 5 = 7), so the ratings are +190.85, 0 and −190.85
    // (average 0), and A − C = 400 log10(9) = 381.70.
    let ratings = triangle([record(15, 0, 5), record(15, 0, 5), record(18, 0, 2)]);
    assert!(close(ratings.elo(0).unwrap(), 190.85, 0.01));
    assert!(close(ratings.elo(1).unwrap(), 0.0, 1e-6));
    assert!(close(ratings.elo(2).unwrap(), -190.85, 0.01));
    assert!(close(ratings.difference(0, 2).unwrap().elo, 381.70, 0.01));
    assert!(ratings.clamped().is_empty());
    // The middle agent is better known than the ends, and every bar
    // is narrower than a lone 20-game pairing's 89.7.
    let se: Vec<f64> = (0..3).map(|a| ratings.estimate(a).unwrap().se).collect();
    assert!(se[1] < se[0] && close(se[0], se[2], 1e-6), "{se:?}");
    assert!(ratings.difference(0, 1).unwrap().se < 89.7);
}

#[test]
fn the_fit_scales_its_error_bars_as_one_over_the_root_of_the_games() {
    let small = [record(12, 3, 5), record(9, 6, 5), record(16, 2, 2)];
    let large = small.map(|r| record(4 * r.wins, 4 * r.draws, 4 * r.losses));
    let (s, l) = (triangle(small), triangle(large));
    for agent in 0..3 {
        let (s, l) = (s.estimate(agent).unwrap(), l.estimate(agent).unwrap());
        assert!(close(s.elo, l.elo, 1e-6));
        assert!(close(l.se, s.se / 2.0, 1e-6));
    }
}

#[test]
fn whitewashes_still_fit() {
    // The strongest agent wins everything, the weakest loses everything:
    // no finite maximum without the clamp.
    let ratings = triangle([record(20, 0, 0), record(14, 2, 4), record(20, 0, 0)]);
    assert_eq!(ratings.clamped(), &[(0, 1), (0, 2)]);
    assert!(ratings.elo(0).unwrap() > ratings.elo(1).unwrap());
    assert!(ratings.elo(1).unwrap() > ratings.elo(2).unwrap());
    let sum: f64 = (0..3).map(|a| ratings.elo(a).unwrap()).sum();
    assert!(close(sum, 0.0, 1e-6));
}

#[test]
fn unlinked_agents_have_no_ratings() {
    let mut t = table(4, &[(0, 1, record(5, 0, 5)), (2, 3, record(5, 0, 5))]);
    assert_eq!(fit(&t), Err(FitError::Disconnected));
    assert_eq!(fit(&Crosstable::new(1)), Err(FitError::TooFewAgents));
    assert_eq!(fit(&Crosstable::new(2)), Err(FitError::Disconnected));
    // One more game links them.
    t.add(1, 2, GameResult::Draw).unwrap();
    assert!(fit(&t).is_ok());
}
