//! Bringing an outside puzzle into the game: the "Enter Your Own Puzzle" dialog, Open… (a file
//! chooser), and the message shown when a puzzle can't be played. The text is read and checked by
//! the engine (`validate::playable_from_text`) off the main thread by the window.

use adw::prelude::*;
use gtk::gio;

/// Where a puzzle came from, for messages (and later for the game's record).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    Typed,
    Pasted,
    Opened(String),
}

impl Source {
    /// How the history records it.
    pub fn stored(&self) -> crate::store::Source {
        match self {
            Source::Typed => crate::store::Source::Typed,
            Source::Pasted => crate::store::Source::Pasted,
            Source::Opened(_) => crate::store::Source::Opened,
        }
    }

    pub fn describe(&self) -> String {
        match self {
            Source::Typed => "The puzzle you entered".into(),
            Source::Pasted => "The pasted puzzle".into(),
            Source::Opened(name) => format!("The puzzle in {name}"),
        }
    }
}

/// Asks for a puzzle as text in any format; `play` receives the text.
pub fn ask_for_puzzle(parent: &impl IsA<gtk::Window>, initial: &str, play: impl Fn(String) + 'static) {
    let dialog = adw::MessageDialog::new(
        Some(parent),
        Some("Enter Your Own Puzzle"),
        Some("Type or paste a puzzle: 81 digits with 0 or . for blanks, a 9×9 grid, or the .sdk, .ss, pencil-mark or JSON formats."),
    );
    let buffer = gtk::TextBuffer::new(None);
    buffer.set_text(initial);
    let view = gtk::TextView::builder()
        .buffer(&buffer)
        .monospace(true)
        .wrap_mode(gtk::WrapMode::Char)
        .top_margin(6)
        .bottom_margin(6)
        .left_margin(6)
        .right_margin(6)
        .accepts_tab(false)
        .build();
    let scroller = gtk::ScrolledWindow::builder()
        .child(&view)
        .min_content_height(180)
        .min_content_width(320)
        .build();
    scroller.add_css_class("card");
    dialog.set_extra_child(Some(&scroller));
    dialog.add_response("cancel", "Cancel");
    dialog.add_response("play", "Play");
    dialog.set_response_appearance("play", adw::ResponseAppearance::Suggested);
    dialog.set_default_response(Some("play"));
    dialog.set_close_response("cancel");
    dialog.connect_response(None, move |_, response| {
        if response == "play" {
            let text = buffer.text(&buffer.start_iter(), &buffer.end_iter(), false).to_string();
            play(text);
        }
    });
    dialog.present();
    view.grab_focus();
}

/// Lets the player choose a puzzle file; `open` receives it.
pub fn choose_file(parent: &impl IsA<gtk::Window>, open: impl Fn(gio::File) + 'static) {
    let chooser = gtk::FileChooserNative::new(
        Some("Open Puzzle"),
        Some(parent),
        gtk::FileChooserAction::Open,
        Some("_Open"),
        Some("_Cancel"),
    );
    let puzzles = gtk::FileFilter::new();
    puzzles.set_name(Some("Sudoku puzzles"));
    for pattern in ["*.txt", "*.sdk", "*.ss", "*.sdm", "*.json", "*.pm"] {
        puzzles.add_pattern(pattern);
    }
    chooser.add_filter(&puzzles);
    let all = gtk::FileFilter::new();
    all.set_name(Some("All files"));
    all.add_pattern("*");
    chooser.add_filter(&all);
    chooser.connect_response(move |chooser, response| {
        if response == gtk::ResponseType::Accept {
            if let Some(file) = chooser.file() {
                open(file);
            }
        }
        chooser.destroy();
    });
    chooser.show();
}

/// Tells the player why a puzzle can't be played; `closed` runs when the dialog is dismissed.
pub fn refuse(parent: &impl IsA<gtk::Window>, source: &Source, problem: &str, closed: impl Fn() + 'static) {
    let body = format!("{}: {problem}.\n\nThe current game goes on.", source.describe());
    let dialog = adw::MessageDialog::new(Some(parent), Some("This Puzzle Can't Be Played"), Some(&body));
    dialog.add_response("close", "Close");
    dialog.set_default_response(Some("close"));
    dialog.connect_response(None, move |_, _| closed());
    dialog.present();
}

/// Reads a puzzle file off the main thread: regular files only (a device or a FIFO could block
/// or never end), at most 64 MiB counted as read.
pub async fn read_file(file: gio::File) -> Result<String, String> {
    let path = file.path();
    gio::spawn_blocking(move || {
        let path = path.ok_or_else(|| "not a local file".to_string())?;
        crate::engine::input::read_file(&path, true).map_err(|error| match error {
            crate::engine::input::InputError::NotRegular(_) => {
                "it is not a regular file (a device, a pipe or a folder)".to_string()
            }
            other => other.to_string(),
        })
    })
    .await
    .unwrap_or_else(|_| Err("reading the file failed".into()))
}

/// The display name of a file for messages.
pub fn file_name(file: &gio::File) -> String {
    file.basename()
        .map(|b| b.display().to_string())
        .unwrap_or_else(|| file.uri().to_string())
}
