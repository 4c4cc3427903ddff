//! Reading puzzle text from files and streams, bounded: at most 64 MiB, counted as bytes are read
//! (devices and pipes report no size), UTF-8 with an optional byte-order mark. The app also
//! refuses anything but a regular file (a device or a FIFO could block or never end).

use std::io::Read;
use std::path::Path;

use thiserror::Error;

/// No puzzle file comes near this.
pub const MAX_INPUT_BYTES: u64 = 64 << 20;

#[derive(Debug, Error)]
pub enum InputError {
    #[error("{0} is not a regular file")]
    NotRegular(String),
    #[error("{0} is larger than 64 MiB, too large for a puzzle file")]
    TooLarge(String),
    #[error("{what} is not text (invalid UTF-8 at byte {at})")]
    NotText { what: String, at: usize },
    #[error("can't read {what}: {}", system_words(.cause))]
    Io { what: String, cause: std::io::Error },
}

/// The system's words for an I/O error ("No such file or directory"), without the " (os error
/// 2)" Rust's own text puts after them: what a message to a person says.
pub fn system_words(error: &std::io::Error) -> String {
    let words = error.to_string();
    match words.find(" (os error ") {
        Some(end) => words[..end].to_string(),
        None => words,
    }
}

/// Reads a whole stream as text, refusing more than [`MAX_INPUT_BYTES`]. `what` names it in
/// messages.
pub fn read_stream(reader: impl Read, what: &str) -> Result<String, InputError> {
    let mut bytes = Vec::new();
    reader
        .take(MAX_INPUT_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|cause| InputError::Io {
            what: what.to_string(),
            cause,
        })?;
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        return Err(InputError::TooLarge(what.to_string()));
    }
    let text = String::from_utf8(bytes).map_err(|e| InputError::NotText {
        what: what.to_string(),
        at: e.utf8_error().valid_up_to(),
    })?;
    Ok(match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_string(),
        None => text,
    })
}

/// Reads a file as text; with `regular_only`, devices, FIFOs, sockets and directories are
/// refused before they are opened.
pub fn read_file(path: &Path, regular_only: bool) -> Result<String, InputError> {
    let what = path.display().to_string();
    let io = |cause| InputError::Io {
        what: what.clone(),
        cause,
    };
    let metadata = std::fs::metadata(path).map_err(io)?;
    if metadata.is_dir() || (regular_only && !metadata.is_file()) {
        return Err(InputError::NotRegular(what));
    }
    let file = std::fs::File::open(path).map_err(io)?;
    read_stream(file, &what)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_device_is_read_only_up_to_the_limit_and_refused() {
        let error = read_file(Path::new("/dev/zero"), false).unwrap_err();
        assert!(matches!(error, InputError::TooLarge(_)), "{error}");
        let error = read_file(Path::new("/dev/zero"), true).unwrap_err();
        assert!(matches!(error, InputError::NotRegular(_)), "{error}");
        assert!(matches!(
            read_file(Path::new("/tmp"), false),
            Err(InputError::NotRegular(_))
        ));
    }

    #[test]
    fn a_missing_file_is_told_in_the_systems_words_alone() {
        let error = read_file(Path::new("/nonexistent/puzzles.txt"), true).unwrap_err();
        assert_eq!(
            error.to_string(),
            "can't read /nonexistent/puzzles.txt: No such file or directory"
        );
        let full = std::io::Error::from_raw_os_error(28);
        assert!(full.to_string().ends_with("(os error 28)"), "{full}");
        assert_eq!(system_words(&full), "No space left on device");
        let plain = std::io::Error::other("the disk is on fire");
        assert_eq!(system_words(&plain), "the disk is on fire");
    }

    #[test]
    fn a_byte_order_mark_is_dropped_and_bad_utf8_is_named() {
        assert_eq!(read_stream(&b"\xef\xbb\xbf1234"[..], "x").unwrap(), "1234");
        let error = read_stream(&b"12\xff"[..], "x").unwrap_err();
        assert_eq!(error.to_string(), "x is not text (invalid UTF-8 at byte 2)");
    }
}
