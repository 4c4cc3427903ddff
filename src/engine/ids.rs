//! Enums named by a fixed id (stored in the database, typed on the command line): the ids come
//! from strum's derives on each enum; reading one back names the ids known when it fails.

use strum::VariantArray;

/// The variant of `T` whose id is `id`, or a message naming `what` was asked for and every id
/// known: "unknown level 'x' (expected easy, medium, hard, expert or master)".
pub fn parse<T>(id: &str, what: &str) -> Result<T, String>
where
    T: VariantArray + Copy + Into<&'static str>,
{
    T::VARIANTS.iter().copied().find(|&v| v.into() == id).ok_or_else(|| {
        let known: Vec<&str> = T::VARIANTS.iter().map(|&v| v.into()).collect();
        let expected = match known.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
            _ => known.join(""),
        };
        format!("unknown {what} '{id}' (expected {expected})")
    })
}

#[cfg(test)]
mod tests {
    use super::parse;
    use crate::engine::game::MoveKind;
    use crate::engine::logic::Level;
    use crate::engine::Format;

    /// The ids as databases and scripts written by earlier versions hold them, each read back.
    #[test]
    fn the_ids_are_those_already_stored() {
        let moves = [
            "digit",
            "clear",
            "mark-on",
            "mark-off",
            "fill-candidates",
            "clear-marks",
            "step",
            "reset",
            "hint",
            "script-step",
            "undo",
            "redo",
            "computer-solve",
            "solution-shown",
            "strike",
            "position-taken",
            "colour",
            "clear-colours",
            "checkpoint",
            "back-to-checkpoint",
        ];
        assert_eq!(MoveKind::ALL.iter().map(|k| k.id()).collect::<Vec<_>>(), moves);
        assert!(MoveKind::ALL.iter().all(|&k| MoveKind::from_id(k.id()) == Some(k)));
        let levels = ["easy", "medium", "hard", "expert", "master"];
        assert_eq!(Level::ALL.iter().map(|l| l.id()).collect::<Vec<_>>(), levels);
        assert!(Level::ALL.iter().all(|&l| l.id().parse() == Ok(l)));
        let formats = ["line", "grid", "sdk", "ss", "pm", "json"];
        assert_eq!(Format::ALL.iter().map(|f| f.name()).collect::<Vec<_>>(), formats);
        assert!(Format::ALL.iter().all(|&f| f.name().parse() == Ok(f)));
    }

    #[test]
    fn an_unknown_id_is_refused_with_the_ids_known() {
        assert_eq!(parse::<Level>("expert", "level"), Ok(Level::Expert));
        assert_eq!(
            parse::<Level>("Expert", "level"),
            Err("unknown level 'Expert' (expected easy, medium, hard, expert or master)".to_string())
        );
    }
}
