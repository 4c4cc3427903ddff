//! Every technique against published examples (HoDoKu's technique index): in each position the
//! technique must find an instance with exactly the published eliminations (or placement).
//! And the rectangles' word on a corner short of a pair digit, read against the board.

use std::collections::BTreeSet;
use std::path::Path;

use nonet::engine::format;
use nonet::engine::grid::cell_name;
use nonet::engine::logic::{self, Technique};

#[derive(serde::Deserialize)]
struct Example {
    source: String,
    position: serde_json::Value,
    placements: Vec<String>,
    eliminations: Vec<String>,
}

fn examples(technique: Technique) -> Vec<Example> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/techniques")
        .join(format!("{}.json", technique.id()));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|_| panic!("no examples for {technique}"));
    serde_json::from_str(&text).expect("well-formed example file")
}

fn check(technique: Technique) {
    let examples = examples(technique);
    let count = examples.len();
    for example in examples {
        let position = format::parse(&example.position.to_string()).expect("example positions parse");
        let expected: (BTreeSet<String>, BTreeSet<String>) = (
            example.placements.iter().cloned().collect(),
            example.eliminations.iter().cloned().collect(),
        );
        let steps = logic::find_all(&position, technique);
        let found: Vec<(BTreeSet<String>, BTreeSet<String>)> = steps
            .iter()
            .map(|step| {
                (
                    step.placements
                        .iter()
                        .map(|p| format!("{}={}", cell_name(p.cell), p.digit))
                        .collect(),
                    step.eliminations
                        .iter()
                        .map(|e| format!("{}<>{}", cell_name(e.cell), e.digit))
                        .collect(),
                )
            })
            .collect();
        assert!(
            found.contains(&expected),
            "{technique} ({}): expected {expected:?}, found {found:?}",
            example.source
        );
    }
    assert!(
        count >= 2,
        "{technique}: at least two published examples, found {count}"
    );
}

macro_rules! technique_tests {
    ($($test:ident => $technique:ident,)*) => {
        $(
            #[test]
            fn $test() {
                check(Technique::$technique);
            }
        )*
    };
}

technique_tests! {
    full_house => FullHouse,
    naked_single => NakedSingle,
    hidden_single => HiddenSingle,
    locked_candidates_pointing => LockedCandidatesPointing,
    locked_candidates_claiming => LockedCandidatesClaiming,
    locked_pair => LockedPair,
    locked_triple => LockedTriple,
    naked_pair => NakedPair,
    naked_triple => NakedTriple,
    naked_quad => NakedQuad,
    hidden_pair => HiddenPair,
    hidden_triple => HiddenTriple,
    hidden_quad => HiddenQuad,
    x_wing => XWing,
    swordfish => Swordfish,
    jellyfish => Jellyfish,
    two_string_kite => TwoStringKite,
    empty_rectangle => EmptyRectangle,
    xyz_wing => XyzWing,
    remote_pair => RemotePair,
    simple_colors => SimpleColors,
    unique_rectangle_1 => UniqueRectangle1,
    unique_rectangle_2 => UniqueRectangle2,
    unique_rectangle_4 => UniqueRectangle4,
    bug_plus_one => BugPlusOne,
    skyscraper => Skyscraper,
    turbot_fish => TurbotFish,
    xy_wing => XyWing,
    w_wing => WWing,
    finned_x_wing => FinnedXWing,
    finned_swordfish => FinnedSwordfish,
    finned_jellyfish => FinnedJellyfish,
    sashimi_x_wing => SashimiXWing,
    sashimi_swordfish => SashimiSwordfish,
    sashimi_jellyfish => SashimiJellyfish,
    x_chain => XChain,
    xy_chain => XyChain,
    aic => Aic,
    grouped_aic => GroupedAic,
    continuous_nice_loop => ContinuousNiceLoop,
    discontinuous_nice_loop => DiscontinuousNiceLoop,
    grouped_continuous_nice_loop => GroupedContinuousNiceLoop,
    grouped_discontinuous_nice_loop => GroupedDiscontinuousNiceLoop,
    dual_two_string_kite => DualTwoStringKite,
    dual_empty_rectangle => DualEmptyRectangle,
    multi_colors => MultiColors,
    unique_rectangle_3 => UniqueRectangle3,
    unique_rectangle_5 => UniqueRectangle5,
    unique_rectangle_6 => UniqueRectangle6,
    hidden_rectangle => HiddenRectangle,
    avoidable_rectangle_1 => AvoidableRectangle1,
    avoidable_rectangle_2 => AvoidableRectangle2,
    franken_swordfish => FrankenSwordfish,
    franken_jellyfish => FrankenJellyfish,
    finned_franken_swordfish => FinnedFrankenSwordfish,
    finned_franken_jellyfish => FinnedFrankenJellyfish,
    finned_mutant_jellyfish => FinnedMutantJellyfish,
    template_set => TemplateSet,
    template_delete => TemplateDelete,
    sue_de_coq => SueDeCoq,
    als_xz => AlsXz,
    als_xy_wing => AlsXyWing,
    als_xy_chain => AlsXyChain,
    death_blossom => DeathBlossom,
}

/// A rectangle one of whose corners has lost a pair digit (the searches take such rectangles, as
/// HoDoKu does) says so and why the swap argument stands; a rectangle whose corners all hold both
/// digits says nothing of the kind. Every rectangle step at the published examples and at the
/// positions of HoDoKu's once-missed steps, each corner read from the board.
#[test]
fn a_rectangle_short_of_a_digit_says_why_it_still_stands() {
    use Technique::*;
    let missed =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/hodoku-missed-steps.txt"))
            .expect("tests/data/hodoku-missed-steps.txt");
    let kinds = [
        UniqueRectangle1,
        UniqueRectangle2,
        UniqueRectangle3,
        UniqueRectangle4,
        UniqueRectangle5,
        UniqueRectangle6,
        HiddenRectangle,
    ];
    let (mut short, mut full) = (0, 0);
    for technique in kinds {
        let mut positions: Vec<String> = examples(technique).iter().map(|e| e.position.to_string()).collect();
        positions.extend(
            missed
                .lines()
                .filter(|l| l.starts_with(technique.id()))
                .filter_map(|l| l.split('\t').nth(2).map(str::to_string)),
        );
        for text in positions {
            let position = format::parse(&text).expect("positions parse");
            let board = logic::Board::from_position(&position);
            for step in logic::find_all(&position, technique) {
                // "… on 5 and 9 in r3c7, r3c8, r5c7, r5c8: …"
                let text = &step.explanation;
                let (_, rest) = text.split_once(" on ").expect("the pair named");
                let (pair, rest) = rest.split_once(" in ").expect("the corners named");
                let pair: Vec<u8> = pair.split(" and ").map(|d| d.parse().expect("a digit")).collect();
                let corners: Vec<usize> = rest
                    .split_once(':')
                    .expect("the corners end with a colon")
                    .0
                    .split(", ")
                    .map(|name| {
                        let b = name.as_bytes();
                        usize::from(b[1] - b'1') * 9 + usize::from(b[3] - b'1')
                    })
                    .collect();
                assert_eq!((pair.len(), corners.len()), (2, 4), "{text}");
                let lost: Vec<(usize, u8)> = corners
                    .iter()
                    .flat_map(|&c| pair.iter().map(move |&d| (c, d)))
                    .filter(|&(c, d)| !board.has(c, d))
                    .collect();
                if lost.is_empty() {
                    full += 1;
                    assert!(!text.contains("Earlier steps removed"), "{text}");
                } else {
                    short += 1;
                    let each: Vec<String> = lost
                        .iter()
                        .map(|&(c, d)| format!("{d} from {}", cell_name(c)))
                        .collect();
                    let listed = match &each[..] {
                        [one] => one.clone(),
                        [first @ .., last] => format!("{} and {last}", first.join(", ")),
                        [] => unreachable!(),
                    };
                    let note = format!(
                        "(Earlier steps removed {listed}, which changes nothing: swapping the digits would still give a second solution.)"
                    );
                    assert!(text.contains(&note), "{text}");
                }
            }
        }
    }
    assert!(short >= 5 && full >= 20, "{short} short rectangles, {full} full ones");
}
