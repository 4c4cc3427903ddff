//! The choices of the last print dialog that printed (printer, paper, copies, file format, the
//! folder a file went to), offered again by the next, as text editors do: a second print is one
//! key. They outlast the app in `$XDG_CONFIG_HOME/nonet/print.ini`, in GTK's own key-file form
//! of print settings and page setup; a file there that can't be read (not a plain file, too
//! large, not a key file) is passed over. The next print writes a plain file anew and leaves
//! anything else there (a FIFO, a folder) as it is.

use std::cell::{Cell, RefCell};
use std::path::{Path, PathBuf};

use gtk::prelude::*;
use gtk::{gio, glib};

use super::file_saver::Access;
use crate::engine::input::InputError;

/// The key file's groups: GTK's print settings, its page setup, and Nonet's own.
const SETTINGS_GROUP: &str = "Print Settings";
const PAGE_SETUP_GROUP: &str = "Page Setup";
const NONET_GROUP: &str = "Nonet";

/// More than any print settings take (a few hundred bytes): a larger file is not one of them.
const LARGEST_FILE: u64 = 64 * 1024;

/// What the player chose in the last print dialog that printed. Not carried over: the pages
/// picked (the next print has its own) and the file's own name (each print offers its own, one
/// no file in that folder has yet).
pub struct PrintChoices {
    settings: RefCell<Option<gtk::PrintSettings>>,
    page_setup: RefCell<Option<gtk::PageSetup>>,
    /// The folder a file was last printed to (kept past prints on a printer).
    folder: RefCell<Option<PathBuf>>,
    /// Where they are kept between runs, read at the first print.
    file: PathBuf,
    read: Cell<bool>,
}

impl Default for PrintChoices {
    fn default() -> Self {
        PrintChoices {
            settings: RefCell::default(),
            page_setup: RefCell::default(),
            folder: RefCell::default(),
            file: glib::user_config_dir().join("nonet").join("print.ini"),
            read: Cell::new(false),
        }
    }
}

impl PrintChoices {
    /// Gives the kept choices to a print operation about to open its dialog, with `file_name`
    /// (made unused) as the name to print a file to.
    pub(super) fn offer(&self, operation: &gtk::PrintOperation, file_name: &str) {
        self.read_once();
        let settings = match self.settings.borrow().as_ref() {
            Some(kept) => kept.copy(),
            None => gtk::PrintSettings::new(),
        };
        settings.unset(gtk::PRINT_SETTINGS_OUTPUT_URI);
        // Pages chosen belonged to the last print's pages.
        settings.unset(gtk::PRINT_SETTINGS_PRINT_PAGES);
        settings.unset(gtk::PRINT_SETTINGS_PAGE_RANGES);
        // The folder printed to last (if it is still there), or where GTK's "Print to File"
        // writes by default.
        let last_folder = self.folder.borrow().clone().filter(|folder| folder.is_dir());
        let folder = last_folder
            .or_else(|| glib::user_special_dir(glib::UserDirectory::Documents))
            .or_else(|| std::env::current_dir().ok());
        // (GTK 4.8's file printer takes the folder as a path.)
        match folder.as_deref().and_then(|f| Some((f, f.to_str()?))) {
            Some((folder, path)) => {
                settings.set(gtk::PRINT_SETTINGS_OUTPUT_DIR, Some(path));
                let extension = settings.get(gtk::PRINT_SETTINGS_OUTPUT_FILE_FORMAT);
                let name = unused_name(folder, file_name, extension.as_deref().unwrap_or("pdf"));
                settings.set(gtk::PRINT_SETTINGS_OUTPUT_BASENAME, Some(&name));
            }
            None => settings.set(gtk::PRINT_SETTINGS_OUTPUT_BASENAME, Some(file_name)),
        }
        operation.set_print_settings(Some(&settings));
        if let Some(page_setup) = self.page_setup.borrow().as_ref() {
            operation.set_default_page_setup(Some(page_setup));
        }
    }

    /// Keeps the choices of an operation's dialog that printed.
    pub(super) fn keep(&self, operation: &gtk::PrintOperation) {
        if let Some(folder) = dialogs_output_file(operation).and_then(|file| file.parent()?.path()) {
            self.folder.replace(Some(folder));
        }
        self.settings.replace(operation.print_settings());
        // (Read as the property: the binding's getter takes it for never none, and it is none
        // until a page setup is given or printed with.)
        if let Some(page_setup) = operation.property::<Option<gtk::PageSetup>>("default-page-setup") {
            self.page_setup.replace(Some(page_setup));
        }
        self.save();
    }

    /// Takes the choices kept by an earlier run, once, unless this run has its own already.
    fn read_once(&self) {
        if self.read.replace(true) || self.settings.borrow().is_some() {
            return;
        }
        let Some(key_file) = read_key_file(&self.file) else {
            return;
        };
        self.settings
            .replace(gtk::PrintSettings::from_key_file(&key_file, Some(SETTINGS_GROUP)).ok());
        self.page_setup
            .replace(gtk::PageSetup::from_key_file(&key_file, Some(PAGE_SETUP_GROUP)).ok());
        self.folder.replace(
            key_file
                .string(NONET_GROUP, "folder")
                .ok()
                .map(|f| PathBuf::from(f.as_str())),
        );
    }

    /// Writes the choices to their file, off the main thread, in order (`file_saver`).
    fn save(&self) {
        self.read.set(true);
        let key_file = glib::KeyFile::new();
        if let Some(settings) = self.settings.borrow().as_ref() {
            let settings = settings.copy();
            for per_print in [
                gtk::PRINT_SETTINGS_OUTPUT_URI,
                gtk::PRINT_SETTINGS_OUTPUT_BASENAME,
                gtk::PRINT_SETTINGS_PRINT_PAGES,
                gtk::PRINT_SETTINGS_PAGE_RANGES,
            ] {
                settings.unset(per_print);
            }
            settings.to_key_file(&key_file, Some(SETTINGS_GROUP));
        }
        if let Some(page_setup) = self.page_setup.borrow().as_ref() {
            page_setup.to_key_file(&key_file, Some(PAGE_SETUP_GROUP));
        }
        if let Some(folder) = self.folder.borrow().as_deref().and_then(Path::to_str) {
            key_file.set_string(NONET_GROUP, "folder", folder);
        }
        // (Not over something that is no plain file: a FIFO there would hold the writer.)
        if std::fs::metadata(&self.file).is_ok_and(|m| !m.is_file()) {
            tracing::warn!(
                "{} is not a plain file: the print choices are not kept there",
                self.file.display()
            );
            return;
        }
        super::file_saver::save(
            self.file.clone(),
            key_file.to_data().into_bytes(),
            Access::Private,
            None,
        );
    }
}

/// The key file at `path`, if it is a plain file of a likely size that reads as one (a FIFO, a
/// device or a folder there is never opened).
fn read_key_file(path: &Path) -> Option<glib::KeyFile> {
    if std::fs::metadata(path).is_ok_and(|m| m.len() > LARGEST_FILE) {
        tracing::warn!("{} is too large for print settings: passed over", path.display());
        return None;
    }
    let text = match crate::engine::input::read_file(path, true) {
        Ok(text) => text,
        Err(InputError::Io { cause, .. }) if cause.kind() == std::io::ErrorKind::NotFound => return None,
        Err(error) => {
            tracing::warn!("{error}: print settings passed over");
            return None;
        }
    };
    let key_file = glib::KeyFile::new();
    match key_file.load_from_data(&text, glib::KeyFileFlags::NONE) {
        Ok(()) => Some(key_file),
        Err(error) => {
            tracing::warn!("{} is not print settings ({error}): passed over", path.display());
            None
        }
    }
}

/// The file a print dialog's "Print to File" wrote (the only printer that sets an output file:
/// a real one sets none).
pub(super) fn dialogs_output_file(operation: &gtk::PrintOperation) -> Option<gio::File> {
    let uri = operation.print_settings()?.get(gtk::PRINT_SETTINGS_OUTPUT_URI)?;
    Some(gio::File::for_uri(&uri))
}

/// `name`, or "name 2", "name 3"… : the first with no file of that extension in the folder, so
/// printing to a file again keeps the last file (the dialog would ask before replacing it).
fn unused_name(folder: &std::path::Path, name: &str, extension: &str) -> String {
    (1..100)
        .map(|n| {
            if n == 1 {
                name.to_string()
            } else {
                format!("{name} {n}")
            }
        })
        .find(|candidate| !folder.join(format!("{candidate}.{extension}")).exists())
        .unwrap_or_else(|| name.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Only a plain file of a likely size that reads as a key file is taken: a FIFO (which would
    /// wait for a writer), a folder, a device, a huge file and junk are passed over.
    #[test]
    fn only_a_plain_key_file_is_read() {
        let dir = tempfile::tempdir().unwrap();
        let good = dir.path().join("good.ini");
        std::fs::write(&good, "[Print Settings]\nprinter=Print to File\nn-copies=2\n").unwrap();
        let read = read_key_file(&good).expect("a key file");
        assert_eq!(read.string(SETTINGS_GROUP, "n-copies").unwrap(), "2");
        let fifo = dir.path().join("fifo.ini");
        assert!(std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success());
        let huge = dir.path().join("huge.ini");
        let mut text = String::from("[Print Settings]\n");
        while text.len() as u64 <= LARGEST_FILE {
            text.push_str("printer=Print to File\n");
        }
        std::fs::write(&huge, text).unwrap();
        let junk = dir.path().join("junk.ini");
        std::fs::write(&junk, [0xff, 0xfe, 0x00, 0x41]).unwrap();
        let not_keys = dir.path().join("not-keys.ini");
        std::fs::write(&not_keys, "printer = Print to File\n").unwrap();
        for path in [
            fifo,
            dir.path().to_path_buf(),
            PathBuf::from("/dev/zero"),
            huge,
            junk,
            not_keys,
            dir.path().join("missing.ini"),
        ] {
            assert!(read_key_file(&path).is_none(), "{}", path.display());
        }
    }
}
